CREATE TABLE `mail_suppressions` (
	`email` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `mail_webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_webhook_events_created_idx` ON `mail_webhook_events` (`created_at`);--> statement-breakpoint
CREATE TABLE `newsletter_recipients` (
	`newsletter_id` text NOT NULL,
	`email` text NOT NULL,
	`queued_at` integer,
	`outcome` text,
	PRIMARY KEY(`newsletter_id`, `email`),
	FOREIGN KEY (`newsletter_id`) REFERENCES `newsletters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `newsletter_recipients_queued_idx` ON `newsletter_recipients` (`newsletter_id`,`queued_at`,`email`);--> statement-breakpoint
CREATE INDEX `newsletter_recipients_email_idx` ON `newsletter_recipients` (`email`);--> statement-breakpoint
CREATE TABLE `newsletters` (
	`id` text PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`markdown` text NOT NULL,
	`segment_kind` text NOT NULL,
	`segment_days` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`scheduled_at` integer,
	`started_at` integer,
	`snapshot_at` integer,
	`finished_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `newsletters_status_idx` ON `newsletters` (`status`,`scheduled_at`);--> statement-breakpoint
CREATE INDEX `newsletters_created_idx` ON `newsletters` (`created_at`);