CREATE TABLE `referrals` (
	`id` text PRIMARY KEY NOT NULL,
	`referrer_id` text,
	`friend_id` text,
	`payment_id` text NOT NULL,
	`status` text DEFAULT 'registered' NOT NULL,
	`reject_reason` text,
	`credit_kind` text,
	`credit_ore` integer,
	`credit_ref` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`paid_at` integer,
	`credited_at` integer,
	`rejected_at` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`friend_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referrals_friend_idx` ON `referrals` (`friend_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `referrals_payment_idx` ON `referrals` (`payment_id`);--> statement-breakpoint
CREATE INDEX `referrals_referrer_idx` ON `referrals` (`referrer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `referrals_status_idx` ON `referrals` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `referrals_created_idx` ON `referrals` (`created_at`);