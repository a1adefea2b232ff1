CREATE TABLE `coupon_redemptions` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`coupon_id` text NOT NULL,
	`user_id` text,
	`list_ore` integer NOT NULL,
	`amount_ore` integer NOT NULL,
	`periods` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `coupon_redemptions_coupon_idx` ON `coupon_redemptions` (`coupon_id`);--> statement-breakpoint
CREATE INDEX `coupon_redemptions_user_idx` ON `coupon_redemptions` (`user_id`,`coupon_id`);--> statement-breakpoint
CREATE TABLE `coupons` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`percent_off` integer,
	`amount_off_ore` integer,
	`plans` text NOT NULL,
	`periods` integer DEFAULT 1 NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`max_redemptions` integer,
	`new_members_only` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "coupons_one_discount" CHECK(("coupons"."percent_off" IS NULL) <> ("coupons"."amount_off_ore" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_idx` ON `coupons` (`code`);--> statement-breakpoint
ALTER TABLE `receipts` ADD `coupon_code` text;--> statement-breakpoint
ALTER TABLE `receipts` ADD `discount_ore` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `discounted_renewals` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `discounted_amount_ore` integer;