CREATE TABLE `member_import_chunks` (
	`import_id` text NOT NULL,
	`chunk_no` integer NOT NULL,
	`rows` text NOT NULL,
	PRIMARY KEY(`import_id`, `chunk_no`),
	FOREIGN KEY (`import_id`) REFERENCES `member_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
