-- PostgreSQL twin of SQLite's 0021: the build epoch also moves on writes to these tables (0003's function).
CREATE TRIGGER "build_epoch_ad_unit_patterns" AFTER INSERT OR UPDATE OR DELETE ON "ad_unit_patterns" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_ad_units" AFTER INSERT OR UPDATE OR DELETE ON "ad_units" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_asset_media" AFTER INSERT OR UPDATE OR DELETE ON "asset_media" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_content_syndication" AFTER INSERT OR UPDATE OR DELETE ON "content_syndication" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_house_ads" AFTER INSERT OR UPDATE OR DELETE ON "house_ads" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_magazine_issue_content" AFTER INSERT OR UPDATE OR DELETE ON "magazine_issue_content" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_magazine_issues" AFTER INSERT OR UPDATE OR DELETE ON "magazine_issues" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_magazine_publications" AFTER INSERT OR UPDATE OR DELETE ON "magazine_publications" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_magazine_sections" AFTER INSERT OR UPDATE OR DELETE ON "magazine_sections" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
