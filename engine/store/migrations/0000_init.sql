CREATE TABLE `ad_unit_patterns` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`name` text NOT NULL,
	`type` text DEFAULT 'layout-block' NOT NULL,
	`pattern` text NOT NULL,
	`sizes` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `assets` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`path` text NOT NULL,
	`mime_type` text NOT NULL,
	`alt` text NOT NULL,
	`caption` text,
	`credit` text,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`data` blob NOT NULL,
	`sha256` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `assets_tenant` ON `assets` (`tenant_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `assets_tenant_path` ON `assets` (`tenant_key`,`path`);--> statement-breakpoint
CREATE TABLE `cms_user_tenants` (
	`user_id` integer NOT NULL,
	`tenant_key` text NOT NULL,
	PRIMARY KEY(`user_id`, `tenant_key`),
	FOREIGN KEY (`user_id`) REFERENCES `cms_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `cms_users` (
	`id` integer PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`username` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'editor' NOT NULL,
	`extra_permissions` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_global` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cms_users_email_unique` ON `cms_users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `cms_users_username_unique` ON `cms_users` (`username`);--> statement-breakpoint
CREATE TABLE `content` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`teaser` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`status` integer DEFAULT 2 NOT NULL,
	`published` integer,
	`start_date` integer,
	`end_date` integer,
	`primary_section_id` integer NOT NULL,
	`primary_image_id` integer,
	`labels` text NOT NULL,
	`gating_survey_type` text,
	`user_registration_required` integer DEFAULT false NOT NULL,
	`event` text,
	`link_url` text,
	`embed_code` text,
	`seo_title` text,
	`metadata` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`primary_section_id`) REFERENCES `website_sections`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`primary_image_id`) REFERENCES `assets`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "content_id_eight_digits" CHECK("content"."id" between 10000000 and 99999999),
	CONSTRAINT "content_status_code" CHECK("content"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE INDEX `content_tenant_status_published` ON `content` (`tenant_key`,`status`,`published`);--> statement-breakpoint
CREATE INDEX `content_primary_section` ON `content` (`primary_section_id`);--> statement-breakpoint
CREATE INDEX `content_tenant_type` ON `content` (`tenant_key`,`type`);--> statement-breakpoint
CREATE TABLE `content_authors` (
	`content_id` integer NOT NULL,
	`person_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`content_id`, `person_id`),
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`person_id`) REFERENCES `persons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `content_images` (
	`content_id` integer NOT NULL,
	`asset_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`content_id`, `asset_id`),
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`asset_id`) REFERENCES `assets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `content_memberships` (
	`content_id` integer NOT NULL,
	`membership_id` integer NOT NULL,
	PRIMARY KEY(`content_id`, `membership_id`),
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`membership_id`) REFERENCES `memberships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `content_related` (
	`content_id` integer NOT NULL,
	`related_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`content_id`, `related_id`),
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `content_taxonomy` (
	`content_id` integer NOT NULL,
	`taxonomy_id` integer NOT NULL,
	PRIMARY KEY(`content_id`, `taxonomy_id`),
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`taxonomy_id`) REFERENCES `taxonomy`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `content_taxonomy_term` ON `content_taxonomy` (`taxonomy_id`);--> statement-breakpoint
CREATE TABLE `history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text,
	`actor_type` text NOT NULL,
	`actor_id` integer,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`action` text NOT NULL,
	`changes` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `history_tenant_created` ON `history` (`tenant_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `history_entity` ON `history` (`entity_type`,`entity_id`);--> statement-breakpoint
CREATE TABLE `layouts` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`key` text,
	`aliases` text NOT NULL,
	`propagate` integer DEFAULT false NOT NULL,
	`page_type` text,
	`content_types` text NOT NULL,
	`content_ids` text NOT NULL,
	`section_ids` text NOT NULL,
	`gating_requirements` text,
	`is_global` integer DEFAULT false NOT NULL,
	`hide_header` integer DEFAULT false NOT NULL,
	`hide_footer` integer DEFAULT false NOT NULL,
	`load_more_type` text DEFAULT 'none' NOT NULL,
	`exclude_ads` text NOT NULL,
	`primary_grid` text NOT NULL,
	`secondary_grid` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `layouts_tenant_type` ON `layouts` (`tenant_key`,`type`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`title` text NOT NULL,
	`alias` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`is_free` integer DEFAULT false NOT NULL,
	`omeda_product` text,
	`required_user_common_fields` text NOT NULL,
	`required_user_demographic_fields` text NOT NULL,
	`additional_user_demographic_fields` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_tenant_alias` ON `memberships` (`tenant_key`,`alias`);--> statement-breakpoint
CREATE TABLE `menus` (
	`tenant_key` text NOT NULL,
	`key` text NOT NULL,
	`links` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`tenant_key`, `key`),
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `newsletters` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`omeda_product_id` text,
	`show_in_subscribe_block` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `persons` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`full_name` text NOT NULL,
	`title` text,
	`bio` text,
	`image_id` integer,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`image_id`) REFERENCES `assets`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `persons_tenant` ON `persons` (`tenant_key`);--> statement-breakpoint
CREATE TABLE `redirects` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`from_path` text NOT NULL,
	`to_path` text NOT NULL,
	`preserve_query_string` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `redirects_tenant_from` ON `redirects` (`tenant_key`,`from_path`);--> statement-breakpoint
CREATE TABLE `site_user_favorites` (
	`site_user_id` integer NOT NULL,
	`content_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`site_user_id`, `content_id`),
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `site_user_memberships` (
	`site_user_id` integer NOT NULL,
	`membership_id` integer NOT NULL,
	`expires_at` integer,
	PRIMARY KEY(`site_user_id`, `membership_id`),
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`membership_id`) REFERENCES `memberships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `site_user_newsletters` (
	`site_user_id` integer NOT NULL,
	`newsletter_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`site_user_id`, `newsletter_id`),
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`newsletter_id`) REFERENCES `newsletters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `site_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`first_name` text,
	`last_name` text,
	`title` text,
	`company` text,
	`city` text,
	`postal_code` text,
	`region` text,
	`country_code` text,
	`demographics` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_users_tenant_username` ON `site_users` (`tenant_key`,`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `site_users_tenant_email` ON `site_users` (`tenant_key`,`email`);--> statement-breakpoint
CREATE TABLE `taxonomy` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`full_name` text NOT NULL,
	`parent_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `taxonomy`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `taxonomy_tenant_type` ON `taxonomy` (`tenant_key`,`type`);--> statement-breakpoint
CREATE TABLE `tenants` (
	`tenant_key` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`domain` text NOT NULL,
	`abbreviation` text NOT NULL,
	`prod_endpoint` text,
	`is_test` integer DEFAULT false NOT NULL,
	`settings` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tenants_domain_unique` ON `tenants` (`domain`);--> statement-breakpoint
CREATE TABLE `website_schedules` (
	`content_id` integer NOT NULL,
	`section_id` integer NOT NULL,
	`option` text NOT NULL,
	`start_date` integer,
	`end_date` integer,
	PRIMARY KEY(`content_id`, `section_id`, `option`),
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `website_sections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `website_schedules_section_option` ON `website_schedules` (`section_id`,`option`);--> statement-breakpoint
CREATE TABLE `website_sections` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`parent_id` integer,
	`name` text NOT NULL,
	`alias` text NOT NULL,
	`system_alias` text NOT NULL,
	`manual_alias` integer DEFAULT false NOT NULL,
	`description` text,
	`gam_alias` text,
	`sequence` integer DEFAULT 0 NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `website_sections`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `website_sections_tenant_alias` ON `website_sections` (`tenant_key`,`alias`);--> statement-breakpoint
CREATE INDEX `website_sections_parent` ON `website_sections` (`parent_id`);