ALTER TABLE `users` ADD `role` text;--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);--> statement-breakpoint
-- One vocabulary for staff (docs/decisions/0051-roles.md): the addresses ADMIN_EMAILS made admin become owners, the
-- admins granted in the admin UI become admins; the start-up bootstrap makes any other listed address an owner.
UPDATE `users` SET `role` = CASE WHEN `admin_from_config` THEN 'owner' ELSE 'admin' END WHERE `is_admin`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `is_admin`;
