-- Hand-written: substring search of the admin's user and lead lists through FTS5 indexes with the trigram tokenizer (docs/decisions/0045-speed.md), instead of LIKE '%…%' scanning every row. External content: the index holds the trigrams, the rows stay in their tables, matched by rowid (VACUUM and VACUUM INTO keep the rowids of these tables; `INSERT INTO users_search(users_search) VALUES ('rebuild')` rebuilds an index from its table). Kept in step by the triggers below; case-insensitive, as the trigram tokenizer is by default.
CREATE VIRTUAL TABLE `users_search` USING fts5(`email`, `first_name`, content='users', content_rowid='rowid', tokenize='trigram');--> statement-breakpoint
INSERT INTO `users_search`(`users_search`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users`
BEGIN INSERT INTO `users_search`(`rowid`, `email`, `first_name`) VALUES (NEW.`rowid`, NEW.`email`, NEW.`first_name`); END;--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users`
BEGIN INSERT INTO `users_search`(`users_search`, `rowid`, `email`, `first_name`) VALUES ('delete', OLD.`rowid`, OLD.`email`, OLD.`first_name`); END;--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF `email`, `first_name` ON `users`
BEGIN
  INSERT INTO `users_search`(`users_search`, `rowid`, `email`, `first_name`) VALUES ('delete', OLD.`rowid`, OLD.`email`, OLD.`first_name`);
  INSERT INTO `users_search`(`rowid`, `email`, `first_name`) VALUES (NEW.`rowid`, NEW.`email`, NEW.`first_name`);
END;--> statement-breakpoint
CREATE VIRTUAL TABLE `leads_search` USING fts5(`email`, content='leads', content_rowid='rowid', tokenize='trigram');--> statement-breakpoint
INSERT INTO `leads_search`(`leads_search`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `leads_search_insert` AFTER INSERT ON `leads`
BEGIN INSERT INTO `leads_search`(`rowid`, `email`) VALUES (NEW.`rowid`, NEW.`email`); END;--> statement-breakpoint
CREATE TRIGGER `leads_search_delete` AFTER DELETE ON `leads`
BEGIN INSERT INTO `leads_search`(`leads_search`, `rowid`, `email`) VALUES ('delete', OLD.`rowid`, OLD.`email`); END;--> statement-breakpoint
CREATE TRIGGER `leads_search_update` AFTER UPDATE OF `email` ON `leads`
BEGIN
  INSERT INTO `leads_search`(`leads_search`, `rowid`, `email`) VALUES ('delete', OLD.`rowid`, OLD.`email`);
  INSERT INTO `leads_search`(`rowid`, `email`) VALUES (NEW.`rowid`, NEW.`email`);
END;
