CREATE TABLE `site_metrics` (
	`tenant_key` text NOT NULL,
	`metric` text NOT NULL,
	`day` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	`total_ms` integer DEFAULT 0 NOT NULL,
	`max_ms` integer DEFAULT 0 NOT NULL,
	`buckets` text DEFAULT '[]' NOT NULL,
	PRIMARY KEY(`tenant_key`, `metric`, `day`),
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
