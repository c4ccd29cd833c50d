-- Tenant isolation (pg/tenancy.ts): row-level security on every tenant table, forced so the
-- tables' owner is held to it too; a row is seen and written only while the transaction's
-- masthead.tenant setting (SET LOCAL, pg/connection.ts withTenant) names its tenant.
-- Written from tenantCondition(); a new tenant table needs the same three statements in its migration.
ALTER TABLE "ad_unit_patterns" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "ad_unit_patterns" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "ad_unit_patterns_tenant" ON "ad_unit_patterns" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "assets" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "assets" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "assets_tenant" ON "assets" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "cms_user_tenants" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "cms_user_tenants" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "cms_user_tenants_tenant" ON "cms_user_tenants" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "content" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "content" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "content_tenant" ON "content" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "content_authors" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "content_authors" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "content_authors_tenant" ON "content_authors" USING (EXISTS (SELECT 1 FROM "content" p WHERE p."id" = "content_authors"."content_id")) WITH CHECK (EXISTS (SELECT 1 FROM "content" p WHERE p."id" = "content_authors"."content_id"));
--> statement-breakpoint
ALTER TABLE "content_images" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "content_images" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "content_images_tenant" ON "content_images" USING (EXISTS (SELECT 1 FROM "content" p WHERE p."id" = "content_images"."content_id")) WITH CHECK (EXISTS (SELECT 1 FROM "content" p WHERE p."id" = "content_images"."content_id"));
--> statement-breakpoint
ALTER TABLE "content_memberships" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "content_memberships" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "content_memberships_tenant" ON "content_memberships" USING (EXISTS (SELECT 1 FROM "content" p WHERE p."id" = "content_memberships"."content_id")) WITH CHECK (EXISTS (SELECT 1 FROM "content" p WHERE p."id" = "content_memberships"."content_id"));
--> statement-breakpoint
ALTER TABLE "content_related" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "content_related" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "content_related_tenant" ON "content_related" USING (EXISTS (SELECT 1 FROM "content" p WHERE p."id" = "content_related"."content_id")) WITH CHECK (EXISTS (SELECT 1 FROM "content" p WHERE p."id" = "content_related"."content_id"));
--> statement-breakpoint
ALTER TABLE "content_taxonomy" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "content_taxonomy" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "content_taxonomy_tenant" ON "content_taxonomy" USING (EXISTS (SELECT 1 FROM "content" p WHERE p."id" = "content_taxonomy"."content_id")) WITH CHECK (EXISTS (SELECT 1 FROM "content" p WHERE p."id" = "content_taxonomy"."content_id"));
--> statement-breakpoint
ALTER TABLE "history" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "history" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "history_tenant" ON "history" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "layouts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "layouts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "layouts_tenant" ON "layouts" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "memberships" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "memberships" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "memberships_tenant" ON "memberships" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "menus" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "menus" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "menus_tenant" ON "menus" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "newsletters" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "newsletters" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "newsletters_tenant" ON "newsletters" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "persons" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "persons" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "persons_tenant" ON "persons" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "redirects" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "redirects" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "redirects_tenant" ON "redirects" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "site_user_favorites" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "site_user_favorites" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "site_user_favorites_tenant" ON "site_user_favorites" USING (EXISTS (SELECT 1 FROM "site_users" p WHERE p."id" = "site_user_favorites"."site_user_id")) WITH CHECK (EXISTS (SELECT 1 FROM "site_users" p WHERE p."id" = "site_user_favorites"."site_user_id"));
--> statement-breakpoint
ALTER TABLE "site_user_memberships" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "site_user_memberships" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "site_user_memberships_tenant" ON "site_user_memberships" USING (EXISTS (SELECT 1 FROM "site_users" p WHERE p."id" = "site_user_memberships"."site_user_id")) WITH CHECK (EXISTS (SELECT 1 FROM "site_users" p WHERE p."id" = "site_user_memberships"."site_user_id"));
--> statement-breakpoint
ALTER TABLE "site_user_newsletters" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "site_user_newsletters" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "site_user_newsletters_tenant" ON "site_user_newsletters" USING (EXISTS (SELECT 1 FROM "site_users" p WHERE p."id" = "site_user_newsletters"."site_user_id")) WITH CHECK (EXISTS (SELECT 1 FROM "site_users" p WHERE p."id" = "site_user_newsletters"."site_user_id"));
--> statement-breakpoint
ALTER TABLE "site_users" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "site_users" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "site_users_tenant" ON "site_users" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "taxonomy" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "taxonomy" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "taxonomy_tenant" ON "taxonomy" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "website_schedules" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "website_schedules" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "website_schedules_tenant" ON "website_schedules" USING (EXISTS (SELECT 1 FROM "content" p WHERE p."id" = "website_schedules"."content_id")) WITH CHECK (EXISTS (SELECT 1 FROM "content" p WHERE p."id" = "website_schedules"."content_id"));
--> statement-breakpoint
ALTER TABLE "website_sections" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "website_sections" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "website_sections_tenant" ON "website_sections" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "asset_media" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "asset_media" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "asset_media_tenant" ON "asset_media" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "build_inputs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "build_inputs" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "build_inputs_tenant" ON "build_inputs" USING (EXISTS (SELECT 1 FROM "build_targets" p WHERE p."id" = "build_inputs"."target_id")) WITH CHECK (EXISTS (SELECT 1 FROM "build_targets" p WHERE p."id" = "build_inputs"."target_id"));
--> statement-breakpoint
ALTER TABLE "build_outputs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "build_outputs" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "build_outputs_tenant" ON "build_outputs" USING (EXISTS (SELECT 1 FROM "build_targets" p WHERE p."id" = "build_outputs"."target_id")) WITH CHECK (EXISTS (SELECT 1 FROM "build_targets" p WHERE p."id" = "build_outputs"."target_id"));
--> statement-breakpoint
ALTER TABLE "build_targets" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "build_targets" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "build_targets_tenant" ON "build_targets" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "rebuild_requests" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "rebuild_requests" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "rebuild_requests_tenant" ON "rebuild_requests" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "company_updates" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "company_updates" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "company_updates_tenant" ON "company_updates" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "contracts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "contracts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "contracts_tenant" ON "contracts" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "event_drops" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "event_drops" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "event_drops_tenant" ON "event_drops" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "event_rollup_state" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "event_rollup_state" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "event_rollup_state_tenant" ON "event_rollup_state" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "event_rollups" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "event_rollups" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "event_rollups_tenant" ON "event_rollups" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "events" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "events" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "events_tenant" ON "events" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "import_runs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "import_runs" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "import_runs_tenant" ON "import_runs" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "import_sources" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "import_sources" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "import_sources_tenant" ON "import_sources" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "magazine_issue_content" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "magazine_issue_content" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "magazine_issue_content_tenant" ON "magazine_issue_content" USING (EXISTS (SELECT 1 FROM "magazine_issues" p WHERE p."id" = "magazine_issue_content"."issue_id")) WITH CHECK (EXISTS (SELECT 1 FROM "magazine_issues" p WHERE p."id" = "magazine_issue_content"."issue_id"));
--> statement-breakpoint
ALTER TABLE "magazine_sections" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "magazine_sections" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "magazine_sections_tenant" ON "magazine_sections" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "demographic_questions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "demographic_questions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "demographic_questions_tenant" ON "demographic_questions" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "demographic_values" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "demographic_values" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "demographic_values_tenant" ON "demographic_values" USING (EXISTS (SELECT 1 FROM "demographic_questions" p WHERE p."id" = "demographic_values"."question_id")) WITH CHECK (EXISTS (SELECT 1 FROM "demographic_questions" p WHERE p."id" = "demographic_values"."question_id"));
--> statement-breakpoint
ALTER TABLE "site_license_companies" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "site_license_companies" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "site_license_companies_tenant" ON "site_license_companies" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "site_license_ip_ranges" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "site_license_ip_ranges" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "site_license_ip_ranges_tenant" ON "site_license_ip_ranges" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "site_user_consents" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "site_user_consents" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "site_user_consents_tenant" ON "site_user_consents" USING (EXISTS (SELECT 1 FROM "site_users" p WHERE p."id" = "site_user_consents"."site_user_id")) WITH CHECK (EXISTS (SELECT 1 FROM "site_users" p WHERE p."id" = "site_user_consents"."site_user_id"));
--> statement-breakpoint
ALTER TABLE "site_user_demographic_texts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "site_user_demographic_texts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "site_user_demographic_texts_tenant" ON "site_user_demographic_texts" USING (EXISTS (SELECT 1 FROM "site_users" p WHERE p."id" = "site_user_demographic_texts"."site_user_id")) WITH CHECK (EXISTS (SELECT 1 FROM "site_users" p WHERE p."id" = "site_user_demographic_texts"."site_user_id"));
--> statement-breakpoint
ALTER TABLE "site_user_sessions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "site_user_sessions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "site_user_sessions_tenant" ON "site_user_sessions" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "site_user_tokens" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "site_user_tokens" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "site_user_tokens_tenant" ON "site_user_tokens" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "magazine_issues" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "magazine_issues" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "magazine_issues_tenant" ON "magazine_issues" USING (EXISTS (SELECT 1 FROM "magazine_publications" p WHERE p."id" = "magazine_issues"."publication_id")) WITH CHECK (EXISTS (SELECT 1 FROM "magazine_publications" p WHERE p."id" = "magazine_issues"."publication_id"));
--> statement-breakpoint
ALTER TABLE "magazine_publications" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "magazine_publications" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "magazine_publications_tenant" ON "magazine_publications" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "newsletter_ad_schedules" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "newsletter_ad_schedules" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "newsletter_ad_schedules_tenant" ON "newsletter_ad_schedules" USING (EXISTS (SELECT 1 FROM "newsletter_ads" p WHERE p."id" = "newsletter_ad_schedules"."ad_id")) WITH CHECK (EXISTS (SELECT 1 FROM "newsletter_ads" p WHERE p."id" = "newsletter_ad_schedules"."ad_id"));
--> statement-breakpoint
ALTER TABLE "newsletter_ads" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "newsletter_ads" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "newsletter_ads_tenant" ON "newsletter_ads" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "newsletter_campaigns_tenant" ON "newsletter_campaigns" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "newsletter_sends" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "newsletter_sends" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "newsletter_sends_tenant" ON "newsletter_sends" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "newsletter_subscriptions_tenant" ON "newsletter_subscriptions" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "newsletter_templates" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "newsletter_templates" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "newsletter_templates_tenant" ON "newsletter_templates" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "contacts_settings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "contacts_settings" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "contacts_settings_tenant" ON "contacts_settings" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "research_saved_searches" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "research_saved_searches" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "research_saved_searches_tenant" ON "research_saved_searches" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "content_syndication" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "content_syndication" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "content_syndication_tenant" ON "content_syndication" USING ("copy_tenant_key" = nullif(current_setting('masthead.tenant', true), '') OR "source_tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("copy_tenant_key" = nullif(current_setting('masthead.tenant', true), '') OR "source_tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "events_default" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "events_default" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "events_default_tenant" ON "events_default" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
--> statement-breakpoint
ALTER TABLE "event_rollups_default" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "event_rollups_default" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "event_rollups_default_tenant" ON "event_rollups_default" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
