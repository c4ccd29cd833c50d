CREATE TABLE `company_updates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text NOT NULL,
	`content_id` integer NOT NULL,
	`contact_name` text NOT NULL,
	`contact_email` text NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`token_hash` text,
	`token_expires_at` integer,
	`token_revoked_at` integer,
	`proposed` text,
	`baseline` text,
	`submitted_at` integer,
	`accepted` text,
	`message` text,
	`reviewed_at` integer,
	`reviewed_by` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by`) REFERENCES `cms_users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `cms_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `company_updates_tenant` ON `company_updates` (`tenant_key`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `company_updates_token` ON `company_updates` (`token_hash`);--> statement-breakpoint
ALTER TABLE `content` ADD `contract_id` integer;