ALTER TABLE `leads` ADD `consent_decision` text;--> statement-breakpoint
CREATE INDEX `leads_consent_created_idx` ON `leads` (`consent_decision`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_source_created_idx` ON `leads` (`source`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_utm_source_created_idx` ON `leads` (`utm_source`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_utm_campaign_created_idx` ON `leads` (`utm_campaign`,`created_at`);--> statement-breakpoint
-- Hand-written: leads.consent_decision, the latest grant or withdrawal of the lead's address, backfilled from the history and kept by a trigger (events are appended in time order, so the newest decides).
UPDATE `leads` SET `consent_decision` = (
  SELECT `action` FROM `consent_events` WHERE `email` = `leads`.`email` AND `action` IN ('granted', 'withdrawn')
  ORDER BY `created_at` DESC, `rowid` DESC LIMIT 1);--> statement-breakpoint
CREATE TRIGGER `leads_consent_decision` AFTER INSERT ON `consent_events` WHEN NEW.`action` IN ('granted', 'withdrawn')
BEGIN UPDATE `leads` SET `consent_decision` = NEW.`action` WHERE `email` = NEW.`email`; END;
