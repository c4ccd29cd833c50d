CREATE TABLE `content_syndication` (
	`copy_id` integer PRIMARY KEY NOT NULL,
	`copy_tenant_key` text NOT NULL,
	`source_id` integer NOT NULL,
	`source_tenant_key` text NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`copy_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`copy_tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`source_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`source_tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `cms_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `content_syndication_source` ON `content_syndication` (`source_id`);--> statement-breakpoint
CREATE INDEX `content_syndication_copy_tenant` ON `content_syndication` (`copy_tenant_key`);