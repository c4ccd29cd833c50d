CREATE TABLE `import_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text NOT NULL,
	`source` text NOT NULL,
	`file_hash` text NOT NULL,
	`status` text NOT NULL,
	`batches_done` integer DEFAULT 0 NOT NULL,
	`report` text,
	`started_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `import_runs_file` ON `import_runs` (`tenant_key`,`source`,`file_hash`);--> statement-breakpoint
CREATE TABLE `import_sources` (
	`tenant_key` text NOT NULL,
	`source` text NOT NULL,
	`kind` text NOT NULL,
	`source_id` text NOT NULL,
	`target_id` integer NOT NULL,
	`hash` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`tenant_key`, `source`, `kind`, `source_id`),
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
