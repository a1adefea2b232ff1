CREATE TABLE `fiken_pushes` (
	`receipt_number` integer PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`fiken_location` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`receipt_number`) REFERENCES `receipts`(`number`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `fiken_pushes_due_idx` ON `fiken_pushes` (`status`,`next_attempt_at`);--> statement-breakpoint
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