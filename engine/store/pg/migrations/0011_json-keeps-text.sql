ALTER TABLE "ad_unit_patterns" ALTER COLUMN "sizes" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "cms_users" ALTER COLUMN "extra_permissions" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "content" ALTER COLUMN "labels" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "content" ALTER COLUMN "event" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "content" ALTER COLUMN "metadata" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "history" ALTER COLUMN "changes" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "layouts" ALTER COLUMN "aliases" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "layouts" ALTER COLUMN "content_types" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "layouts" ALTER COLUMN "content_ids" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "layouts" ALTER COLUMN "section_ids" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "layouts" ALTER COLUMN "exclude_ads" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "layouts" ALTER COLUMN "primary_grid" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "layouts" ALTER COLUMN "secondary_grid" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "memberships" ALTER COLUMN "required_user_common_fields" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "memberships" ALTER COLUMN "required_user_demographic_fields" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "memberships" ALTER COLUMN "additional_user_demographic_fields" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "menus" ALTER COLUMN "links" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "persons" ALTER COLUMN "social_links" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "persons" ALTER COLUMN "social_links" SET DEFAULT '[]'::json;--> statement-breakpoint
ALTER TABLE "site_users" ALTER COLUMN "demographics" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "tenants" ALTER COLUMN "settings" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "ad_units" ALTER COLUMN "size" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "ad_units" ALTER COLUMN "size_mapping" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "ad_units" ALTER COLUMN "exclude_page_types" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "house_ads" ALTER COLUMN "unit_keys" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "house_ads" ALTER COLUMN "creative" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "asset_media" ALTER COLUMN "derivatives" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "asset_media" ALTER COLUMN "tags" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "company_updates" ALTER COLUMN "proposed" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "company_updates" ALTER COLUMN "baseline" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "company_updates" ALTER COLUMN "accepted" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "feed_cache" ALTER COLUMN "items" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "import_runs" ALTER COLUMN "report" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "site_user_tokens" ALTER COLUMN "payload" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "newsletter_ads" ALTER COLUMN "config" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ALTER COLUMN "grid" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ALTER COLUMN "consent" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "newsletter_templates" ALTER COLUMN "config" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "contacts_settings" ALTER COLUMN "person_ids" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "research_saved_searches" ALTER COLUMN "query" SET DATA TYPE json;--> statement-breakpoint
-- json_extract (0004) for the json columns: SQLite's json_extract(json, '$.a.b') for object paths, as text.
CREATE OR REPLACE FUNCTION json_extract(doc json, path text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT doc #>> string_to_array(substr(path, 3), '.')
$$;
