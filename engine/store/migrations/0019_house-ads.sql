CREATE TABLE `house_ads` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`priority` integer DEFAULT 10 NOT NULL,
	`start_at` integer,
	`end_at` integer,
	`unit_keys` text NOT NULL,
	`creative` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `house_ads_tenant_kind` ON `house_ads` (`tenant_key`,`kind`);