CREATE TABLE `receipts` (
	`number` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`payment_id` text NOT NULL,
	`issued_at` integer NOT NULL,
	`description` text NOT NULL,
	`plan` text NOT NULL,
	`period_start` integer NOT NULL,
	`period_end` integer NOT NULL,
	`total_ore` integer NOT NULL,
	`vat_ore` integer NOT NULL,
	`seller_name` text NOT NULL,
	`seller_org_number` text NOT NULL,
	`seller_address` text NOT NULL,
	`credits_number` integer,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_payment_kind_idx` ON `receipts` (`payment_id`,`kind`);--> statement-breakpoint
CREATE INDEX `receipts_credits_idx` ON `receipts` (`credits_number`) WHERE credits_number IS NOT NULL;--> statement-breakpoint
CREATE TABLE `subscription_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscription_events_sub_idx` ON `subscription_events` (`subscription_id`,`at`);--> statement-breakpoint
CREATE INDEX `subscription_events_kind_idx` ON `subscription_events` (`kind`,`at`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`plan` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`provider` text NOT NULL,
	`provider_ref` text,
	`current_period_start` integer NOT NULL,
	`current_period_end` integer NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`past_due_since` integer,
	`next_attempt_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `subscriptions_status_end_idx` ON `subscriptions` (`status`,`current_period_end`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_provider_ref_idx` ON `subscriptions` (`provider`,`provider_ref`);--> statement-breakpoint
ALTER TABLE `payments` ADD `subscription_id` text REFERENCES subscriptions(id);--> statement-breakpoint
ALTER TABLE `payments` ADD `period_start` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `period_end` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `withdrawal_consent_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_at` integer;--> statement-breakpoint
CREATE INDEX `payments_subscription_idx` ON `payments` (`subscription_id`);--> statement-breakpoint
CREATE INDEX `payments_campaign_idx` ON `payments` (`campaign_id`);--> statement-breakpoint
-- Hand-written: money moves to øre (integers); existing whole-NOK amounts become øre.
UPDATE `payments` SET `amount` = `amount` * 100;