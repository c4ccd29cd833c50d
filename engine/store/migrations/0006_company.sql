CREATE TABLE `aspire_news` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`date` integer NOT NULL,
	`status` integer DEFAULT 2 NOT NULL,
	`alert` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `aspire_news_status_date` ON `aspire_news` (`status`,`date`);--> statement-breakpoint
CREATE TABLE `aspire_news_reads` (
	`news_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`read_at` integer NOT NULL,
	PRIMARY KEY(`news_id`, `user_id`),
	FOREIGN KEY (`news_id`) REFERENCES `aspire_news`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `cms_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `contracts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text NOT NULL,
	`person_id` integer,
	`contributor_name` text NOT NULL,
	`contributor_email` text NOT NULL,
	`rate` text DEFAULT '' NOT NULL,
	`starts_on` text,
	`ends_on` text,
	`template` text NOT NULL,
	`terms` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`approved_at` integer,
	`approved_name` text,
	`approved_ip` text,
	`approved_user_agent` text,
	`token_hash` text,
	`token_expires_at` integer,
	`token_revoked_at` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `cms_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `contracts_tenant` ON `contracts` (`tenant_key`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `contracts_token` ON `contracts` (`token_hash`);