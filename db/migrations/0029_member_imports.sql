CREATE TABLE `member_import_rows` (
	`import_id` text NOT NULL,
	`row_no` integer NOT NULL,
	`email` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`consent_at` integer,
	`premium_until` integer,
	`plan` text,
	`outcome` text NOT NULL,
	`reason` text,
	`new_user_id` text NOT NULL,
	`new_lead_id` text NOT NULL,
	PRIMARY KEY(`import_id`, `row_no`),
	FOREIGN KEY (`import_id`) REFERENCES `member_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_import_rows_email_idx` ON `member_import_rows` (`email`);--> statement-breakpoint
CREATE INDEX `member_import_rows_outcome_idx` ON `member_import_rows` (`import_id`,`outcome`,`row_no`);--> statement-breakpoint
CREATE TABLE `member_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`format` text NOT NULL,
	`file_hash` text NOT NULL,
	`status` text DEFAULT 'previewed' NOT NULL,
	`send_welcome` integer DEFAULT false NOT NULL,
	`total` integer NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`new_count` integer DEFAULT 0 NOT NULL,
	`updated_count` integer DEFAULT 0 NOT NULL,
	`skipped_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`started_at` integer,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `member_imports_status_idx` ON `member_imports` (`status`);