CREATE TABLE `erasure_marks` (
	`mark` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `buyer_company` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `buyer_org_number` text;--> statement-breakpoint
ALTER TABLE `receipts` ADD `buyer_company` text;--> statement-breakpoint
ALTER TABLE `receipts` ADD `buyer_org_number` text;--> statement-breakpoint
CREATE INDEX `receipts_issued_idx` ON `receipts` (`issued_at`);