CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `module_stats` (
	`module_id` text NOT NULL,
	`pass` integer NOT NULL,
	`learners` integer DEFAULT 0 NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL,
	`progress` real DEFAULT 0 NOT NULL,
	`active` integer DEFAULT 0 NOT NULL,
	`computed_at` integer,
	PRIMARY KEY(`module_id`, `pass`),
	FOREIGN KEY (`module_id`) REFERENCES `modules`(`id`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `completions_completed_idx`;--> statement-breakpoint
CREATE INDEX `completions_lesson_idx` ON `lesson_completions` (`lesson_id`);--> statement-breakpoint
CREATE INDEX `completions_module_idx` ON `lesson_completions` (`module_id`);--> statement-breakpoint
CREATE INDEX `completions_completed_idx` ON `lesson_completions` (`created_at`,`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `last_active_at` integer;--> statement-breakpoint
CREATE INDEX `users_premium_idx` ON `users` (`is_premium`);--> statement-breakpoint
CREATE INDEX `users_last_active_idx` ON `users` (`last_active_at`);--> statement-breakpoint
CREATE INDEX `magic_link_used_idx` ON `magic_link_tokens` (`used_at`);--> statement-breakpoint
CREATE INDEX `sessions_used_idx` ON `sessions` (`last_used_at`,`user_id`);--> statement-breakpoint
CREATE INDEX `email_changes_used_idx` ON `email_changes` (`used_at`);--> statement-breakpoint
CREATE INDEX `events_lead_idx` ON `analytics_events` (`lead_id`);--> statement-breakpoint
CREATE INDEX `events_user_created_idx` ON `analytics_events` (`created_at`,`user_id`) WHERE user_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `guide_actions_module_idx` ON `guide_actions` (`module_id`);--> statement-breakpoint
CREATE INDEX `audit_actor_idx` ON `admin_audit_log` (`actor_id`);--> statement-breakpoint
CREATE INDEX `audit_target_idx` ON `admin_audit_log` (`target_id`);--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `mail_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `rate_limits_window_idx` ON `rate_limits` (`window_start`);--> statement-breakpoint
CREATE INDEX `rate_limits_address_idx` ON `rate_limits` (substr(`key`, -65));--> statement-breakpoint
-- Hand-written: counts of users (all, and active), kept by triggers so a page view reads one row (see db/schema/users.ts).
INSERT INTO `counters` (`name`, `value`) SELECT 'users', count(*) FROM `users`;--> statement-breakpoint
INSERT INTO `counters` (`name`, `value`) SELECT 'active_users', count(*) FROM `users` WHERE `is_active` = 1;--> statement-breakpoint
CREATE TRIGGER `users_count_insert` AFTER INSERT ON `users`
BEGIN UPDATE `counters` SET `value` = `value` + 1 WHERE `name` = 'users' OR (`name` = 'active_users' AND NEW.`is_active` = 1); END;--> statement-breakpoint
CREATE TRIGGER `users_count_delete` AFTER DELETE ON `users`
BEGIN UPDATE `counters` SET `value` = `value` - 1 WHERE `name` = 'users' OR (`name` = 'active_users' AND OLD.`is_active` = 1); END;--> statement-breakpoint
CREATE TRIGGER `users_count_update` AFTER UPDATE OF `is_active` ON `users` WHEN OLD.`is_active` <> NEW.`is_active`
BEGIN UPDATE `counters` SET `value` = `value` + CASE WHEN NEW.`is_active` = 1 THEN 1 ELSE -1 END WHERE `name` = 'active_users'; END;--> statement-breakpoint
-- Hand-written: how many learners completed each lesson, kept by triggers (counters 'completions:<lesson id>') for the admin's content page.
INSERT INTO `counters` (`name`, `value`) SELECT 'completions:' || `lesson_id`, count(*) FROM `lesson_completions` GROUP BY `lesson_id`;--> statement-breakpoint
CREATE TRIGGER `lesson_completions_count_insert` AFTER INSERT ON `lesson_completions`
BEGIN INSERT INTO `counters` (`name`, `value`) VALUES ('completions:' || NEW.`lesson_id`, 1) ON CONFLICT (`name`) DO UPDATE SET `value` = `value` + 1; END;--> statement-breakpoint
CREATE TRIGGER `lesson_completions_count_delete` AFTER DELETE ON `lesson_completions`
BEGIN UPDATE `counters` SET `value` = `value` - 1 WHERE `name` = 'completions:' || OLD.`lesson_id`; END;
;--> statement-breakpoint
-- Hand-written: users.last_active_at, the latest use of a session, tracked event or completed lesson (events and lessons to the hour), kept by triggers for the dashboard's active users.
UPDATE `users` SET `last_active_at` = (SELECT max(`at`) FROM (
  SELECT max(`last_used_at`) AS `at` FROM `sessions` WHERE `user_id` = `users`.`id`
  UNION ALL SELECT max(`created_at`) FROM `analytics_events` WHERE `user_id` = `users`.`id`
  UNION ALL SELECT max(`created_at`) FROM `lesson_completions` WHERE `user_id` = `users`.`id`));--> statement-breakpoint
CREATE TRIGGER `users_active_session_insert` AFTER INSERT ON `sessions`
BEGIN UPDATE `users` SET `last_active_at` = NEW.`last_used_at` WHERE `id` = NEW.`user_id` AND coalesce(`last_active_at`, 0) < NEW.`last_used_at`; END;--> statement-breakpoint
CREATE TRIGGER `users_active_session_update` AFTER UPDATE OF `last_used_at` ON `sessions`
BEGIN UPDATE `users` SET `last_active_at` = NEW.`last_used_at` WHERE `id` = NEW.`user_id` AND coalesce(`last_active_at`, 0) < NEW.`last_used_at`; END;--> statement-breakpoint
CREATE TRIGGER `users_active_event` AFTER INSERT ON `analytics_events` WHEN NEW.`user_id` IS NOT NULL
BEGIN UPDATE `users` SET `last_active_at` = NEW.`created_at` WHERE `id` = NEW.`user_id` AND coalesce(`last_active_at`, 0) < NEW.`created_at` - 3600000; END;--> statement-breakpoint
CREATE TRIGGER `users_active_completion` AFTER INSERT ON `lesson_completions`
BEGIN UPDATE `users` SET `last_active_at` = NEW.`created_at` WHERE `id` = NEW.`user_id` AND coalesce(`last_active_at`, 0) < NEW.`created_at` - 3600000; END;
