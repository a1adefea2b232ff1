CREATE TABLE `quiz_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`lesson_id` text NOT NULL,
	`answers` text NOT NULL,
	`results` text NOT NULL,
	`score` integer NOT NULL,
	`passed` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quiz_attempts_user_lesson_idx` ON `quiz_attempts` (`user_id`,`lesson_id`,`passed`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_lesson_idx` ON `quiz_attempts` (`lesson_id`);--> statement-breakpoint
CREATE TABLE `quiz_question_stats` (
	`lesson_id` text NOT NULL,
	`question_id` text NOT NULL,
	`first_answers` integer DEFAULT 0 NOT NULL,
	`first_wrong` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`lesson_id`, `question_id`),
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `certificates` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`issued_on` text NOT NULL,
	`modules` integer NOT NULL,
	`lessons` integer NOT NULL,
	`public` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_user_id_unique` ON `certificates` (`user_id`);--> statement-breakpoint
ALTER TABLE `lessons` ADD `captions_file_id` text REFERENCES files(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `lessons` ADD `quiz` text;--> statement-breakpoint
CREATE INDEX `lessons_captions_idx` ON `lessons` (`captions_file_id`);--> statement-breakpoint
ALTER TABLE `site_settings` ADD `certificate_requires_quizzes` integer DEFAULT false NOT NULL;