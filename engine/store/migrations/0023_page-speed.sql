CREATE TABLE `page_speed_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text NOT NULL,
	`build_id` text,
	`status` text NOT NULL,
	`pages_total` integer DEFAULT 0 NOT NULL,
	`pages_done` integer DEFAULT 0 NOT NULL,
	`error` text,
	`requested_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `page_speed_runs_tenant` ON `page_speed_runs` (`tenant_key`,`created_at`);--> statement-breakpoint
CREATE TABLE `page_speed_scores` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text NOT NULL,
	`run_id` integer NOT NULL,
	`build_id` text,
	`path` text NOT NULL,
	`form` text NOT NULL,
	`performance` integer NOT NULL,
	`accessibility` integer NOT NULL,
	`best_practices` integer NOT NULL,
	`seo` integer NOT NULL,
	`lcp_ms` integer,
	`cls` real,
	`measured_at` integer NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_id`) REFERENCES `page_speed_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `page_speed_scores_tenant` ON `page_speed_scores` (`tenant_key`,`measured_at`);