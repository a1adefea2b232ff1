DROP INDEX `receipts_payment_kind_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_payment_receipt_idx` ON `receipts` (`payment_id`) WHERE kind = 'receipt';--> statement-breakpoint
CREATE INDEX `receipts_payment_idx` ON `receipts` (`payment_id`,`kind`);--> statement-breakpoint
CREATE INDEX `receipts_kind_issued_idx` ON `receipts` (`kind`,`issued_at`);--> statement-breakpoint
DROP INDEX `users_premium_idx`;--> statement-breakpoint
CREATE INDEX `users_premium_idx` ON `users` (`is_premium`,`premium_end_date`);--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_ore` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `dispute_status` text;--> statement-breakpoint
-- Payments refunded before partial refunds existed were refunded in full.
UPDATE `payments` SET `refunded_ore` = `amount` WHERE `status` = 'refunded';
