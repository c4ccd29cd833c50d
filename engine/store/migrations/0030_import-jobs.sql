CREATE TABLE `import_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text NOT NULL,
	`kind` text NOT NULL,
	`dry_run` integer NOT NULL,
	`file_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`user_id` integer,
	`user_name` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`phase` text DEFAULT '' NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`total` integer,
	`report` text,
	`error` text,
	`started_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `import_jobs_tenant` ON `import_jobs` (`tenant_key`,`id`);