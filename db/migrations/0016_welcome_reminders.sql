CREATE TABLE `welcome_sends` (
	`step_id` text NOT NULL,
	`email` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`step_id`, `email`),
	FOREIGN KEY (`step_id`) REFERENCES `welcome_steps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `welcome_sends_email_idx` ON `welcome_sends` (`email`);--> statement-breakpoint
CREATE TABLE `welcome_steps` (
	`id` text PRIMARY KEY NOT NULL,
	`position` integer NOT NULL,
	`delay_days` integer NOT NULL,
	`subject` text NOT NULL,
	`markdown` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `lesson_announcements` (
	`lesson_id` text PRIMARY KEY NOT NULL,
	`visible_since` integer NOT NULL,
	`baseline` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lesson_announcements_visible_idx` ON `lesson_announcements` (`visible_since`);--> statement-breakpoint
CREATE TABLE `reminder_log` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`lesson_id` text,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reminder_log_lesson_idx` ON `reminder_log` (`lesson_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `reminder_log_day_idx` ON `reminder_log` (`day`);--> statement-breakpoint
CREATE INDEX `reminder_log_sent_idx` ON `reminder_log` (`sent_at`,`lesson_id`);--> statement-breakpoint
CREATE TABLE `reminder_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`enabled` integer NOT NULL,
	`off_token` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_settings_off_token_unique` ON `reminder_settings` (`off_token`);--> statement-breakpoint
CREATE INDEX `reminder_settings_enabled_idx` ON `reminder_settings` (`enabled`);