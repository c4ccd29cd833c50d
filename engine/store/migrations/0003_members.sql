CREATE TABLE `demographic_questions` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`demographic_type` integer NOT NULL,
	`description` text NOT NULL,
	`omeda_webform_text` text,
	`status` integer DEFAULT 1 NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "demographic_questions_type" CHECK("demographic_questions"."demographic_type" in (1, 2, 3, 5, 6, 7, 8))
);
--> statement-breakpoint
CREATE INDEX `demographic_questions_tenant` ON `demographic_questions` (`tenant_key`,`sequence`);--> statement-breakpoint
CREATE TABLE `demographic_values` (
	`id` integer PRIMARY KEY NOT NULL,
	`question_id` integer NOT NULL,
	`description` text NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `demographic_questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `demographic_values_question` ON `demographic_values` (`question_id`,`sequence`);--> statement-breakpoint
CREATE TABLE `installation_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `site_license_companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text NOT NULL,
	`name` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_license_companies_tenant_name` ON `site_license_companies` (`tenant_key`,`name`);--> statement-breakpoint
CREATE TABLE `site_license_ip_ranges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`tenant_key` text NOT NULL,
	`cidr` text NOT NULL,
	`start_key` text NOT NULL,
	`end_key` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `site_license_companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_license_ip_ranges_lookup` ON `site_license_ip_ranges` (`tenant_key`,`start_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `site_license_ip_ranges_company_cidr` ON `site_license_ip_ranges` (`company_id`,`cidr`);--> statement-breakpoint
CREATE TABLE `site_user_consents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`site_user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`country` text NOT NULL,
	`region` text,
	`compliance` integer NOT NULL,
	`source` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "site_user_consents_kind" CHECK("site_user_consents"."kind" in ('CASL', 'GDPR'))
);
--> statement-breakpoint
CREATE INDEX `site_user_consents_user` ON `site_user_consents` (`site_user_id`);--> statement-breakpoint
CREATE TABLE `site_user_demographic_texts` (
	`site_user_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`site_user_id`, `question_id`),
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `demographic_questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `site_user_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text NOT NULL,
	`site_user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`simulated_by` integer,
	`revoked_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`simulated_by`) REFERENCES `cms_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_user_sessions_token_hash_unique` ON `site_user_sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `site_user_sessions_user` ON `site_user_sessions` (`site_user_id`);--> statement-breakpoint
CREATE TABLE `site_user_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text NOT NULL,
	`kind` text NOT NULL,
	`token_hash` text NOT NULL,
	`site_user_id` integer,
	`email` text NOT NULL,
	`payload` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "site_user_tokens_kind" CHECK("site_user_tokens"."kind" in ('register', 'reset', 'username'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_user_tokens_token_hash_unique` ON `site_user_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `site_user_tokens_email` ON `site_user_tokens` (`tenant_key`,`kind`,`email`);--> statement-breakpoint
CREATE INDEX `site_user_tokens_user` ON `site_user_tokens` (`site_user_id`);