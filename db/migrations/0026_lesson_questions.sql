CREATE TABLE `lesson_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`lesson_id` text NOT NULL,
	`question_id` text,
	`author_id` text NOT NULL,
	`body` text NOT NULL,
	`official` integer DEFAULT false NOT NULL,
	`hidden_at` integer,
	`answered_at` integer,
	`unread` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE cascade ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `lesson_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lesson_posts_thread_idx` ON `lesson_posts` (`lesson_id`,`question_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `lesson_posts_question_idx` ON `lesson_posts` (`question_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `lesson_posts_author_idx` ON `lesson_posts` (`author_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `lesson_posts_unanswered_idx` ON `lesson_posts` (`created_at`) WHERE "lesson_posts"."question_id" IS NULL AND "lesson_posts"."answered_at" IS NULL AND "lesson_posts"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX `lesson_posts_unread_idx` ON `lesson_posts` (`author_id`) WHERE "lesson_posts"."unread" > 0;--> statement-breakpoint
CREATE TABLE `post_reports` (
	`post_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`post_id`, `reporter_id`),
	FOREIGN KEY (`post_id`) REFERENCES `lesson_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_reports_reporter_idx` ON `post_reports` (`reporter_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `posting_blocked_at` integer;