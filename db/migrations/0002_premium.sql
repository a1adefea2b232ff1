CREATE TABLE `premium_views` (
	`user_id` text PRIMARY KEY NOT NULL,
	`viewed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `premium_views_viewed_idx` ON `premium_views` (`viewed_at`);