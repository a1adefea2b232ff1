CREATE TABLE `site_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`welcome_offer_plan` text,
	`welcome_offer_price` integer,
	`welcome_offer_days` integer,
	`founder_name` text DEFAULT '' NOT NULL,
	`founder_photo_url` text DEFAULT '' NOT NULL,
	`founder_text` text DEFAULT '' NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "site_settings_one_row" CHECK("site_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE `campaigns` ADD `ends_at` integer;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `offer_ends_at`;--> statement-breakpoint
-- Hand-written: the one settings row, with no welcome offer and no founder until an admin sets them.
INSERT INTO `site_settings` (`id`) VALUES (1);--> statement-breakpoint
-- Hand-written: a countdown is a campaign's real end, the same for everyone (docs/decisions/0040). A countdown of
-- "N days from each user's first view" had no offer ending behind it: such campaigns keep their offer and lose the timer.
UPDATE `campaigns` SET `urgency_type` = NULL, `urgency_value` = ''
  WHERE `urgency_type` = 'countdown'
    AND `urgency_value` NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
    AND `urgency_value` NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*';--> statement-breakpoint
-- Hand-written: ends_at of the countdowns kept, as campaignDeadline reads them: a date lasts to the end of that day in
-- Oslo (midnight after it, UTC+2 from the last Sunday of March to the last Sunday of October, else UTC+1).
UPDATE `campaigns` SET `ends_at` = CASE
  WHEN `urgency_value` GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' THEN CAST(unixepoch(`urgency_value`, 'subsec') * 1000 AS INTEGER)
  ELSE (
    SELECT (unixepoch(`next`) - 3600 * CASE
      WHEN `next` > date(substr(`next`, 1, 4) || '-03-31', '-6 days', 'weekday 0')
       AND `next` <= date(substr(`next`, 1, 4) || '-10-31', '-6 days', 'weekday 0') THEN 2 ELSE 1 END) * 1000
    FROM (SELECT date(`urgency_value`, '+1 day') AS `next`))
  END
  WHERE `urgency_type` = 'countdown';
--> statement-breakpoint
-- Hand-written: each plan's sales (subscriptions ever started), kept by a trigger, so "Mest populær" on every view of
-- /premium reads two counters instead of counting every subscription (subscriptions are never deleted).
INSERT INTO `counters` (`name`, `value`) SELECT 'sales_' || `plan`, 0 FROM (SELECT 'monthly' AS `plan` UNION ALL SELECT 'yearly');--> statement-breakpoint
UPDATE `counters` SET `value` = (SELECT count(*) FROM `subscriptions` WHERE 'sales_' || `plan` = `counters`.`name`)
  WHERE `name` IN ('sales_monthly', 'sales_yearly');--> statement-breakpoint
CREATE TRIGGER `subscriptions_sales` AFTER INSERT ON `subscriptions`
BEGIN UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'sales_' || NEW.`plan`; END;
