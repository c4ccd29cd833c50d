-- The build epoch (0005) also moves on writes to the tables the site build came to read after 0005:
-- ad units and house ads, the media library's asset_media, syndication and the magazine. Without
-- these a `masthead build` after such an edit answered "unchanged" and kept the stale pages.
CREATE TRIGGER `build_epoch_ad_unit_patterns_insert` AFTER INSERT ON `ad_unit_patterns` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_ad_unit_patterns_update` AFTER UPDATE ON `ad_unit_patterns` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_ad_unit_patterns_delete` AFTER DELETE ON `ad_unit_patterns` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_ad_units_insert` AFTER INSERT ON `ad_units` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_ad_units_update` AFTER UPDATE ON `ad_units` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_ad_units_delete` AFTER DELETE ON `ad_units` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_asset_media_insert` AFTER INSERT ON `asset_media` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_asset_media_update` AFTER UPDATE ON `asset_media` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_asset_media_delete` AFTER DELETE ON `asset_media` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_syndication_insert` AFTER INSERT ON `content_syndication` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_syndication_update` AFTER UPDATE ON `content_syndication` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_content_syndication_delete` AFTER DELETE ON `content_syndication` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_house_ads_insert` AFTER INSERT ON `house_ads` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_house_ads_update` AFTER UPDATE ON `house_ads` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_house_ads_delete` AFTER DELETE ON `house_ads` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_magazine_issue_content_insert` AFTER INSERT ON `magazine_issue_content` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_magazine_issue_content_update` AFTER UPDATE ON `magazine_issue_content` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_magazine_issue_content_delete` AFTER DELETE ON `magazine_issue_content` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_magazine_issues_insert` AFTER INSERT ON `magazine_issues` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_magazine_issues_update` AFTER UPDATE ON `magazine_issues` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_magazine_issues_delete` AFTER DELETE ON `magazine_issues` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_magazine_publications_insert` AFTER INSERT ON `magazine_publications` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_magazine_publications_update` AFTER UPDATE ON `magazine_publications` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_magazine_publications_delete` AFTER DELETE ON `magazine_publications` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_magazine_sections_insert` AFTER INSERT ON `magazine_sections` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_magazine_sections_update` AFTER UPDATE ON `magazine_sections` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `build_epoch_magazine_sections_delete` AFTER DELETE ON `magazine_sections` BEGIN UPDATE `build_epoch` SET `n` = `n` + 1 WHERE `id` = 1; END;
