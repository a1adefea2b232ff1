CREATE TABLE `module_completions` (
	`user_id` text NOT NULL,
	`module_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `module_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`module_id`) REFERENCES `modules`(`id`) ON UPDATE cascade ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `module_completions_module_idx` ON `module_completions` (`module_id`);--> statement-breakpoint
CREATE TABLE `price_history` (
	`plan` text NOT NULL,
	`amount` integer NOT NULL,
	`effective_from` integer NOT NULL,
	PRIMARY KEY(`plan`, `effective_from`)
);
--> statement-breakpoint
-- Hand-written: modules finished before this table existed, from their module XP (awarded once, when the module was completed).
INSERT INTO `module_completions` (`user_id`, `module_id`, `created_at`)
SELECT x.`user_id`, m.`id`, x.`created_at` FROM `xp_awards` x JOIN `modules` m ON x.`key` = 'module:' || m.`id`;--> statement-breakpoint
-- Hand-written: today's list prices (PRICES_NOK), in effect since launch (2025-02-03).
INSERT INTO `price_history` (`plan`, `amount`, `effective_from`) VALUES ('monthly', 399, 1738540800000), ('yearly', 1995, 1738540800000);
