CREATE TABLE `asset_media` (
	`asset_id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`name` text NOT NULL,
	`original` text,
	`bytes` integer DEFAULT 0 NOT NULL,
	`derivatives` text NOT NULL,
	`focal_x` real DEFAULT 0.5 NOT NULL,
	`focal_y` real DEFAULT 0.5 NOT NULL,
	`tags` text NOT NULL,
	`decorative` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`asset_id`) REFERENCES `assets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `asset_media_tenant` ON `asset_media` (`tenant_key`);