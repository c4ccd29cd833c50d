CREATE TABLE `research_saved_searches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cms_user_id` integer NOT NULL,
	`tenant_key` text NOT NULL,
	`name` text NOT NULL,
	`query` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`cms_user_id`) REFERENCES `cms_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `research_saved_searches_user` ON `research_saved_searches` (`cms_user_id`,`tenant_key`);