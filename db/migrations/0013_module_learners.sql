-- Hand-written: how many learners have completed at least one lesson of each module (counters
-- 'learners:<module id>'), kept by triggers, so the content manager names the learners whose
-- progress a deletion takes without counting every completion on each view. The user/module index
-- (completions_user_module_idx) makes each trigger's check one index look-up.
INSERT INTO `counters` (`name`, `value`) SELECT 'learners:' || `module_id`, count(DISTINCT `user_id`) FROM `lesson_completions` GROUP BY `module_id`;--> statement-breakpoint
CREATE TRIGGER `lesson_completions_learners_insert` AFTER INSERT ON `lesson_completions`
WHEN (SELECT count(*) FROM `lesson_completions` WHERE `user_id` = NEW.`user_id` AND `module_id` = NEW.`module_id`) = 1
BEGIN INSERT INTO `counters` (`name`, `value`) VALUES ('learners:' || NEW.`module_id`, 1) ON CONFLICT (`name`) DO UPDATE SET `value` = `value` + 1; END;--> statement-breakpoint
CREATE TRIGGER `lesson_completions_learners_delete` AFTER DELETE ON `lesson_completions`
WHEN NOT EXISTS (SELECT 1 FROM `lesson_completions` WHERE `user_id` = OLD.`user_id` AND `module_id` = OLD.`module_id`)
BEGIN UPDATE `counters` SET `value` = `value` - 1 WHERE `name` = 'learners:' || OLD.`module_id`; END;
