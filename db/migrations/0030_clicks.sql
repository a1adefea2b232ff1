CREATE TABLE `mail_click_refs` (
	`user_id` text PRIMARY KEY NOT NULL,
	`mail_ref` text NOT NULL,
	`clicked_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mail_click_refs_clicked_idx` ON `mail_click_refs` (`clicked_at`);--> statement-breakpoint
CREATE TABLE `mail_link_clicks` (
	`mail_kind` text NOT NULL,
	`mail_id` text NOT NULL,
	`link_index` integer NOT NULL,
	`day` text NOT NULL,
	`url` text NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`mail_kind`, `mail_id`, `link_index`, `day`)
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `mail_ref` text;--> statement-breakpoint
CREATE INDEX `payments_mail_ref_idx` ON `payments` (`mail_ref`,`status`);