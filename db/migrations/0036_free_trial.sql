ALTER TABLE `payments` ADD `trial_ends_at` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `trial_ends_at` integer;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `trial_days` integer DEFAULT 0 NOT NULL;