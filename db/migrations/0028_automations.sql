CREATE TABLE `automation_sends` (
	`mail_id` text NOT NULL,
	`trigger_id` text NOT NULL,
	`kind` text NOT NULL,
	`email` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`mail_id`, `trigger_id`)
);
--> statement-breakpoint
CREATE INDEX `automation_sends_email_idx` ON `automation_sends` (`email`);--> statement-breakpoint
CREATE TABLE `automations` (
	`kind` text PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`enabled_at` integer,
	`mails` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `cancellation_reasons` (
	`subscription_id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cancellation_reasons_user_idx` ON `cancellation_reasons` (`user_id`);--> statement-breakpoint
CREATE INDEX `cancellation_reasons_reason_idx` ON `cancellation_reasons` (`reason`);--> statement-breakpoint
CREATE TABLE `tags` (
	`tag` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_tags` (
	`user_id` text NOT NULL,
	`tag` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `tag`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_tags_tag_idx` ON `user_tags` (`tag`,`user_id`);--> statement-breakpoint
ALTER TABLE `newsletters` ADD `segment_tag` text;