CREATE TABLE `ad_units` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`key` text NOT NULL,
	`type` text NOT NULL,
	`size` text NOT NULL,
	`size_mapping` text NOT NULL,
	`use_section_alias` integer DEFAULT false NOT NULL,
	`refresh_rate` integer DEFAULT 0 NOT NULL,
	`exclude_page_types` text NOT NULL,
	`target_id` text,
	`position` integer DEFAULT 3 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ad_units_tenant_key` ON `ad_units` (`tenant_key`,`key`);