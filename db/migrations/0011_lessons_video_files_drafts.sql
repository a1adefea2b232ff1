CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`size` integer NOT NULL,
	`content_type` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `video_positions` (
	`user_id` text NOT NULL,
	`lesson_id` text NOT NULL,
	`seconds` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `lesson_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `video_positions_lesson_idx` ON `video_positions` (`lesson_id`);--> statement-breakpoint
ALTER TABLE `lessons` ADD `video_url` text;--> statement-breakpoint
ALTER TABLE `lessons` ADD `transcript` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `lessons` ADD `status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `lessons` ADD `publish_at` integer;--> statement-breakpoint
CREATE INDEX `lessons_status_idx` ON `lessons` (`status`,`publish_at`);--> statement-breakpoint
ALTER TABLE `modules` ADD `status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `modules` ADD `publish_at` integer;--> statement-breakpoint
CREATE INDEX `modules_status_idx` ON `modules` (`status`,`publish_at`);