CREATE TABLE `insight_counts` (
	`scope` integer NOT NULL,
	`utm_source` text NOT NULL,
	`metric` text NOT NULL,
	`hour` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`scope`, `utm_source`, `metric`, `hour`)
);
--> statement-breakpoint
CREATE TABLE `insight_sources` (
	`utm_source` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE `insight_subscriptions` (
	`subscription_id` text PRIMARY KEY NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`monthly_ore` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `insight_subscriptions_started_idx` ON `insight_subscriptions` (`started_at`,`ended_at`,`monthly_ore`);--> statement-breakpoint
-- Hand-written (docs/decisions/0058-insights-and-exports.md): the funnel's hourly counts and the subscriptions' spans, kept by triggers in the same transaction as the rows they count, and backfilled from what is already there. Each count goes to the total (scope 0) and to the lead's first-touch UTM source (scope 1, '' for none).
CREATE TRIGGER `insight_visitors` AFTER INSERT ON `analytics_events` WHEN NEW.`event_name` = 'page_view'
BEGIN
  INSERT INTO `insight_counts` (`scope`, `utm_source`, `metric`, `hour`, `n`) VALUES
    (0, '', 'visitors', NEW.`created_at` / 3600000, 1),
    (1, coalesce(CAST(json_extract(NEW.`props`, '$.utmSource') AS TEXT), ''), 'visitors', NEW.`created_at` / 3600000, 1)
  ON CONFLICT DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `insight_leads` AFTER INSERT ON `leads`
BEGIN
  INSERT INTO `insight_counts` (`scope`, `utm_source`, `metric`, `hour`, `n`) VALUES
    (0, '', 'leads', NEW.`created_at` / 3600000, 1),
    (1, coalesce(NEW.`utm_source`, ''), 'leads', NEW.`created_at` / 3600000, 1)
  ON CONFLICT DO UPDATE SET `n` = `n` + 1;
  INSERT OR IGNORE INTO `insight_sources` (`utm_source`) SELECT NEW.`utm_source` WHERE coalesce(NEW.`utm_source`, '') <> '';
END;--> statement-breakpoint
CREATE TRIGGER `insight_confirmed` AFTER INSERT ON `users`
BEGIN
  INSERT INTO `insight_counts` (`scope`, `utm_source`, `metric`, `hour`, `n`) VALUES
    (0, '', 'confirmed', NEW.`created_at` / 3600000, 1),
    (1, coalesce((SELECT `utm_source` FROM `leads` WHERE `email` = NEW.`email`), ''), 'confirmed', NEW.`created_at` / 3600000, 1)
  ON CONFLICT DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `insight_first_lesson` AFTER INSERT ON `lesson_completions`
WHEN NOT EXISTS (SELECT 1 FROM `lesson_completions` WHERE `user_id` = NEW.`user_id` AND `lesson_id` <> NEW.`lesson_id`)
BEGIN
  INSERT INTO `insight_counts` (`scope`, `utm_source`, `metric`, `hour`, `n`) VALUES
    (0, '', 'firstLesson', NEW.`created_at` / 3600000, 1),
    (1, coalesce((SELECT `utm_source` FROM `leads` WHERE `user_id` = NEW.`user_id` LIMIT 1), ''), 'firstLesson', NEW.`created_at` / 3600000, 1)
  ON CONFLICT DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `insight_subscription_started` AFTER INSERT ON `subscription_events` WHEN NEW.`kind` = 'started'
BEGIN
  INSERT INTO `insight_counts` (`scope`, `utm_source`, `metric`, `hour`, `n`) VALUES
    (0, '', 'premium', NEW.`at` / 3600000, 1),
    (1, coalesce((SELECT l.`utm_source` FROM `subscriptions` s JOIN `leads` l ON l.`user_id` = s.`user_id` WHERE s.`id` = NEW.`subscription_id` LIMIT 1), ''), 'premium', NEW.`at` / 3600000, 1)
  ON CONFLICT DO UPDATE SET `n` = `n` + 1;
  INSERT OR IGNORE INTO `insight_subscriptions` (`subscription_id`, `started_at`, `monthly_ore`)
    SELECT `id`, NEW.`at`, CASE `plan` WHEN 'yearly' THEN CAST(round(`amount_ore` / 12.0) AS INTEGER) ELSE `amount_ore` END
    FROM `subscriptions` WHERE `id` = NEW.`subscription_id`;
END;--> statement-breakpoint
CREATE TRIGGER `insight_subscription_ended` AFTER INSERT ON `subscription_events` WHEN NEW.`kind` IN ('expired', 'refunded')
BEGIN
  UPDATE `insight_subscriptions` SET `ended_at` = NEW.`at` WHERE `subscription_id` = NEW.`subscription_id` AND `ended_at` IS NULL;
END;--> statement-breakpoint
INSERT INTO `insight_counts` (`scope`, `utm_source`, `metric`, `hour`, `n`)
  SELECT 0, '', 'visitors', `created_at` / 3600000, count(*) FROM `analytics_events` WHERE `event_name` = 'page_view' GROUP BY 4
  UNION ALL SELECT 1, coalesce(CAST(json_extract(`props`, '$.utmSource') AS TEXT), ''), 'visitors', `created_at` / 3600000, count(*)
    FROM `analytics_events` WHERE `event_name` = 'page_view' GROUP BY 2, 4
  UNION ALL SELECT 0, '', 'leads', `created_at` / 3600000, count(*) FROM `leads` GROUP BY 4
  UNION ALL SELECT 1, coalesce(`utm_source`, ''), 'leads', `created_at` / 3600000, count(*) FROM `leads` GROUP BY 2, 4
  UNION ALL SELECT 0, '', 'confirmed', `created_at` / 3600000, count(*) FROM `users` GROUP BY 4
  UNION ALL SELECT 1, coalesce(l.`utm_source`, ''), 'confirmed', u.`created_at` / 3600000, count(*)
    FROM `users` u LEFT JOIN `leads` l ON l.`email` = u.`email` GROUP BY 2, 4
  UNION ALL SELECT 0, '', 'firstLesson', `first` / 3600000, count(*)
    FROM (SELECT min(`created_at`) AS `first` FROM `lesson_completions` GROUP BY `user_id`) GROUP BY 4
  UNION ALL SELECT 1, coalesce(l.`utm_source`, ''), 'firstLesson', f.`first` / 3600000, count(*)
    FROM (SELECT `user_id`, min(`created_at`) AS `first` FROM `lesson_completions` GROUP BY `user_id`) f
    LEFT JOIN `leads` l ON l.`user_id` = f.`user_id` GROUP BY 2, 4
  UNION ALL SELECT 0, '', 'premium', `at` / 3600000, count(*) FROM `subscription_events` WHERE `kind` = 'started' GROUP BY 4
  UNION ALL SELECT 1, coalesce(l.`utm_source`, ''), 'premium', e.`at` / 3600000, count(*)
    FROM `subscription_events` e JOIN `subscriptions` s ON s.`id` = e.`subscription_id` LEFT JOIN `leads` l ON l.`user_id` = s.`user_id`
    WHERE e.`kind` = 'started' GROUP BY 2, 4;--> statement-breakpoint
INSERT OR IGNORE INTO `insight_sources` (`utm_source`) SELECT DISTINCT `utm_source` FROM `leads` WHERE coalesce(`utm_source`, '') <> '';--> statement-breakpoint
INSERT OR IGNORE INTO `insight_subscriptions` (`subscription_id`, `started_at`, `ended_at`, `monthly_ore`)
  SELECT s.`id`, (SELECT min(`at`) FROM `subscription_events` WHERE `subscription_id` = s.`id` AND `kind` = 'started'),
    (SELECT min(`at`) FROM `subscription_events` WHERE `subscription_id` = s.`id` AND `kind` IN ('expired', 'refunded')),
    CASE s.`plan` WHEN 'yearly' THEN CAST(round(s.`amount_ore` / 12.0) AS INTEGER) ELSE s.`amount_ore` END
  FROM `subscriptions` s WHERE EXISTS (SELECT 1 FROM `subscription_events` WHERE `subscription_id` = s.`id` AND `kind` = 'started');--> statement-breakpoint
-- Hand-written: a lead who ticked the marketing box and has not opened the link is `pending`, as `consentStatus` reads the history (a request after anything but a grant); the grant or withdrawal trigger replaces it.
UPDATE `leads` SET `consent_decision` = 'pending' WHERE `consent_decision` IS NOT 'granted' AND (
  SELECT `action` FROM `consent_events` WHERE `email` = `leads`.`email` AND `action` IN ('requested', 'granted', 'withdrawn')
  ORDER BY `created_at` DESC, `rowid` DESC LIMIT 1) = 'requested';--> statement-breakpoint
CREATE TRIGGER `leads_consent_pending` AFTER INSERT ON `consent_events` WHEN NEW.`action` = 'requested'
BEGIN UPDATE `leads` SET `consent_decision` = 'pending' WHERE `email` = NEW.`email` AND `consent_decision` IS NOT 'granted'; END;
