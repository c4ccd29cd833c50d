-- The build epoch (as SQLite migration 0005): every write to a table the site build reads bumps one
-- counter, so a build can tell in one query that nothing changed since the live build. SQLite bumps it
-- per row; here once per statement, which answers the same question.
INSERT INTO "build_epoch" ("id", "n") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "masthead_bump_build_epoch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "build_epoch" SET "n" = "n" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "build_epoch_tenants" AFTER INSERT OR UPDATE OR DELETE ON "tenants" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_website_sections" AFTER INSERT OR UPDATE OR DELETE ON "website_sections" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_assets" AFTER INSERT OR UPDATE OR DELETE ON "assets" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_persons" AFTER INSERT OR UPDATE OR DELETE ON "persons" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_taxonomy" AFTER INSERT OR UPDATE OR DELETE ON "taxonomy" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_memberships" AFTER INSERT OR UPDATE OR DELETE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_content" AFTER INSERT OR UPDATE OR DELETE ON "content" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_content_authors" AFTER INSERT OR UPDATE OR DELETE ON "content_authors" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_content_taxonomy" AFTER INSERT OR UPDATE OR DELETE ON "content_taxonomy" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_content_memberships" AFTER INSERT OR UPDATE OR DELETE ON "content_memberships" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_content_related" AFTER INSERT OR UPDATE OR DELETE ON "content_related" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_website_schedules" AFTER INSERT OR UPDATE OR DELETE ON "website_schedules" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_layouts" AFTER INSERT OR UPDATE OR DELETE ON "layouts" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_menus" AFTER INSERT OR UPDATE OR DELETE ON "menus" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_redirects" AFTER INSERT OR UPDATE OR DELETE ON "redirects" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_newsletters" AFTER INSERT OR UPDATE OR DELETE ON "newsletters" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_newsletter_templates" AFTER INSERT OR UPDATE OR DELETE ON "newsletter_templates" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_newsletter_campaigns" AFTER INSERT OR UPDATE OR DELETE ON "newsletter_campaigns" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_newsletter_ads" AFTER INSERT OR UPDATE OR DELETE ON "newsletter_ads" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
--> statement-breakpoint
CREATE TRIGGER "build_epoch_newsletter_ad_schedules" AFTER INSERT OR UPDATE OR DELETE ON "newsletter_ad_schedules" FOR EACH STATEMENT EXECUTE FUNCTION "masthead_bump_build_epoch"();
