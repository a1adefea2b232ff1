CREATE TABLE `campaign_events` (
	`user_id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`kind` text NOT NULL,
	`placement` text NOT NULL,
	`reason` text NOT NULL,
	`day` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `placement`, `reason`, `day`, `campaign_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaign_events_campaign_idx` ON `campaign_events` (`campaign_id`,`kind`,`user_id`);