CREATE TABLE `feed_cache` (
	`tenant_key` text NOT NULL,
	`url` text NOT NULL,
	`items` text NOT NULL,
	`fetched_at` integer NOT NULL,
	PRIMARY KEY(`tenant_key`, `url`),
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
