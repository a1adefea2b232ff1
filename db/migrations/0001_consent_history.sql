CREATE TABLE `consent_events` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`user_id` text,
	`action` text NOT NULL,
	`text_version` text NOT NULL,
	`source` text NOT NULL,
	`client_hash` text NOT NULL,
	`confirms` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `consent_email_idx` ON `consent_events` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `consent_user_idx` ON `consent_events` (`user_id`);--> statement-breakpoint
CREATE INDEX `consent_confirms_idx` ON `consent_events` (`confirms`);--> statement-breakpoint
ALTER TABLE `magic_link_tokens` ADD `consent_request_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `admin_from_config` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Consents recorded before the history existed become its first entries: requests, since nobody confirmed them.
INSERT INTO `consent_events` (`id`, `email`, `user_id`, `action`, `text_version`, `source`, `client_hash`, `confirms`, `created_at`)
SELECT lower(hex(randomblob(16))), `email`, NULL, 'requested', `consent_text_version`, `source`, '', NULL, `consent_at`
FROM `leads` WHERE `consent_marketing` = 1;--> statement-breakpoint
UPDATE `leads` SET `user_id` = (SELECT `id` FROM `users` WHERE `users`.`email` = `leads`.`email`) WHERE `user_id` IS NULL;--> statement-breakpoint
-- The history is proof: it is appended to and erased, never changed. A migration that rebuilds this table must recreate this trigger.
CREATE TRIGGER `consent_events_append_only` BEFORE UPDATE ON `consent_events`
BEGIN SELECT RAISE(ABORT, 'consent_events is append-only'); END;--> statement-breakpoint
ALTER TABLE `leads` DROP COLUMN `first_name`;--> statement-breakpoint
ALTER TABLE `leads` DROP COLUMN `consent_marketing`;--> statement-breakpoint
ALTER TABLE `leads` DROP COLUMN `consent_at`;--> statement-breakpoint
ALTER TABLE `leads` DROP COLUMN `consent_text_version`;