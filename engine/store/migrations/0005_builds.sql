CREATE TABLE `build_epoch` (
	`id` integer PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `build_inputs` (
	`target_id` integer NOT NULL,
	`key` text NOT NULL,
	`hash` text NOT NULL,
	PRIMARY KEY(`target_id`, `key`),
	FOREIGN KEY (`target_id`) REFERENCES `build_targets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `build_outputs` (
	`target_id` integer NOT NULL,
	`path` text NOT NULL,
	`grp` text NOT NULL,
	`hash` text NOT NULL,
	`deps` text DEFAULT '[]' NOT NULL,
	PRIMARY KEY(`target_id`, `path`),
	FOREIGN KEY (`target_id`) REFERENCES `build_targets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `build_outputs_group` ON `build_outputs` (`target_id`,`grp`);--> statement-breakpoint
CREATE TABLE `build_targets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text NOT NULL,
	`out_dir` text NOT NULL,
	`config_hash` text DEFAULT '' NOT NULL,
	`build_id` text,
	`built_at` integer,
	`epoch` integer DEFAULT 0 NOT NULL,
	`next_boundary` integer,
	`state` text DEFAULT 'queued' NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`pages_written` integer DEFAULT 0 NOT NULL,
	`error` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `build_targets_tenant_out` ON `build_targets` (`tenant_key`,`out_dir`);--> statement-breakpoint
CREATE TABLE `rebuild_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text NOT NULL,
	`change` text NOT NULL,
	`enqueued_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`build_id` text,
	`error` text,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rebuild_requests_tenant_state` ON `rebuild_requests` (`tenant_key`,`state`,`id`);
--> statement-breakpoint
-- The build epoch: every write to a table the site build reads bumps one counter, so a build can
-- tell in one query that nothing changed since the live build (custom SQL: triggers).
INSERT INTO `build_epoch` (`id`, `n`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `build_epoch_tenants_insert` AFTER INSERT ON `tenants` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_tenants_update` AFTER UPDATE ON `tenants` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_tenants_delete` AFTER DELETE ON `tenants` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_website_sections_insert` AFTER INSERT ON `website_sections` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_website_sections_update` AFTER UPDATE ON `website_sections` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_website_sections_delete` AFTER DELETE ON `website_sections` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_assets_insert` AFTER INSERT ON `assets` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_assets_update` AFTER UPDATE ON `assets` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_assets_delete` AFTER DELETE ON `assets` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_persons_insert` AFTER INSERT ON `persons` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_persons_update` AFTER UPDATE ON `persons` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_persons_delete` AFTER DELETE ON `persons` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_taxonomy_insert` AFTER INSERT ON `taxonomy` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_taxonomy_update` AFTER UPDATE ON `taxonomy` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_taxonomy_delete` AFTER DELETE ON `taxonomy` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_memberships_insert` AFTER INSERT ON `memberships` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_memberships_update` AFTER UPDATE ON `memberships` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_memberships_delete` AFTER DELETE ON `memberships` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_insert` AFTER INSERT ON `content` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_update` AFTER UPDATE ON `content` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_delete` AFTER DELETE ON `content` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_authors_insert` AFTER INSERT ON `content_authors` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_authors_update` AFTER UPDATE ON `content_authors` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_authors_delete` AFTER DELETE ON `content_authors` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_taxonomy_insert` AFTER INSERT ON `content_taxonomy` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_taxonomy_update` AFTER UPDATE ON `content_taxonomy` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_taxonomy_delete` AFTER DELETE ON `content_taxonomy` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_memberships_insert` AFTER INSERT ON `content_memberships` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_memberships_update` AFTER UPDATE ON `content_memberships` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_memberships_delete` AFTER DELETE ON `content_memberships` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_related_insert` AFTER INSERT ON `content_related` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_related_update` AFTER UPDATE ON `content_related` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_related_delete` AFTER DELETE ON `content_related` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_website_schedules_insert` AFTER INSERT ON `website_schedules` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_website_schedules_update` AFTER UPDATE ON `website_schedules` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_website_schedules_delete` AFTER DELETE ON `website_schedules` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_layouts_insert` AFTER INSERT ON `layouts` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_layouts_update` AFTER UPDATE ON `layouts` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_layouts_delete` AFTER DELETE ON `layouts` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_menus_insert` AFTER INSERT ON `menus` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_menus_update` AFTER UPDATE ON `menus` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_menus_delete` AFTER DELETE ON `menus` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_redirects_insert` AFTER INSERT ON `redirects` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_redirects_update` AFTER UPDATE ON `redirects` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_redirects_delete` AFTER DELETE ON `redirects` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_newsletters_insert` AFTER INSERT ON `newsletters` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_newsletters_update` AFTER UPDATE ON `newsletters` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_newsletters_delete` AFTER DELETE ON `newsletters` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_newsletter_templates_insert` AFTER INSERT ON `newsletter_templates` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_newsletter_templates_update` AFTER UPDATE ON `newsletter_templates` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_newsletter_templates_delete` AFTER DELETE ON `newsletter_templates` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_newsletter_campaigns_insert` AFTER INSERT ON `newsletter_campaigns` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_newsletter_campaigns_update` AFTER UPDATE ON `newsletter_campaigns` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_newsletter_campaigns_delete` AFTER DELETE ON `newsletter_campaigns` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_newsletter_ads_insert` AFTER INSERT ON `newsletter_ads` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_newsletter_ads_update` AFTER UPDATE ON `newsletter_ads` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_newsletter_ads_delete` AFTER DELETE ON `newsletter_ads` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_newsletter_ad_schedules_insert` AFTER INSERT ON `newsletter_ad_schedules` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_newsletter_ad_schedules_update` AFTER UPDATE ON `newsletter_ad_schedules` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_newsletter_ad_schedules_delete` AFTER DELETE ON `newsletter_ad_schedules` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
