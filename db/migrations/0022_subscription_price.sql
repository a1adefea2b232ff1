ALTER TABLE `subscriptions` ADD `amount_ore` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `next_amount_ore` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `next_amount_from` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `next_amount_told_at` integer;--> statement-breakpoint
-- Existing subscriptions were all sold at today's list prices (399 NOK a month, 1995 NOK a year).
UPDATE `subscriptions` SET `amount_ore` = CASE `plan` WHEN 'yearly' THEN 199500 ELSE 39900 END WHERE `amount_ore` = 0;
