CREATE TABLE `lesson_notes` (
	`user_id` text NOT NULL,
	`lesson_id` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`bookmarked` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `lesson_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lesson_notes_user_updated_idx` ON `lesson_notes` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `lesson_notes_lesson_idx` ON `lesson_notes` (`lesson_id`);--> statement-breakpoint
ALTER TABLE `modules` ADD `difficulty` text DEFAULT 'beginner' NOT NULL;--> statement-breakpoint
-- Existing modules keep the level the guide showed them until now (it followed the order); from here on the admin sets it.
UPDATE `modules` SET `difficulty` = CASE WHEN `order` <= 2 THEN 'beginner' WHEN `order` <= 4 THEN 'intermediate' ELSE 'advanced' END;
