ALTER TABLE `mail_queue` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `mail_queue` ADD `charge_to` text;--> statement-breakpoint
CREATE INDEX `mail_queue_expires_idx` ON `mail_queue` (`status`,`expires_at`);