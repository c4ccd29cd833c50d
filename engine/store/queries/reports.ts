// The queries behind the report definitions (engine/domain/reports.ts, issue #20): one function per
// report, each answering summary figures, a chart series and table rows for a set of tenants (null:
// every tenant) and a range of UTC days. Analytics reports read the event rollups (daily grain),
// never raw events; editorial reports read content and history; analyses read layouts.
// The same SQL serves both stores (pg/sqlite-wire.ts turns `col in (select value from json_each(?))`
// into PostgreSQL's); where the dialects differ (SQLite's INDEXED BY, strftime, group_concat, a
// join over json_each) the query branches on dialectOfDb.
//
// This file maps each report id to its query; the queries live in reports-audience.ts (analytics),
// reports-editorial.ts and reports-analyses.ts, their shared helpers in reports-common.ts.
import type { ReportData, ReportId } from '../../domain/reports';
import type { Db } from '../connection';
import type { ReportQuery, Runner } from './reports-common';
import { contentEventReport, contentViews, topContentByPubDate, registrations, incompleteRegistrations, logins, newsletterSubscriptions, menuLinkClicks, companyEngagement, sponsoredLogoClicks, recommendations, recommendationPageViews, recommendationClients, siteLicenseCompanyPageViews, sitePerformance } from './reports-audience';
import { contentVelocity, contentLength, editorialTracking, rmiInquiries, companyExport, contentDetail, taxonomyExport, crossSiteReports, crossSiteExports } from './reports-editorial';
import { layoutBlockUsage, layoutAnalysis, layoutBlockOptionUsage, newsletterBlockAnalysis, siteSettingsAnalysis, adUnitSettings } from './reports-analyses';

export { type ReportQuery } from './reports-common';
export { FUNNEL } from './reports-audience';
export { wordCount, LENGTH_BUCKETS } from './reports-editorial';
export { LAYOUT_REASON_LABELS, flattenSettings } from './reports-analyses';

export const REPORT_QUERIES: Record<ReportId, Runner> = {
  'sponsored-search-logo-clicks': sponsoredLogoClicks,
  'content-detail': contentDetail,
  'content-views': contentViews,
  'top-content-by-pub-date': topContentByPubDate,
  'content-favorites': contentEventReport('FavoriteContent', 'favorites'),
  registrations,
  'incomplete-registrations': incompleteRegistrations,
  logins,
  'newsletter-subscriptions': newsletterSubscriptions,
  'menu-link-clicks': menuLinkClicks,
  'media-gallery': contentEventReport('ViewMediaGallery', 'views'),
  'company-engagement': companyEngagement,
  'content-velocity': contentVelocity,
  'content-length': contentLength,
  'editorial-tracking': editorialTracking,
  rmi: rmiInquiries,
  'layout-block-usage': layoutBlockUsage,
  'company-export': companyExport,
  recommendations,
  'recommendation-page-views': recommendationPageViews,
  'recommendation-clients': recommendationClients,
  'layout-analysis': layoutAnalysis,
  'layout-block-option-usage': layoutBlockOptionUsage,
  'newsletter-block-analysis': newsletterBlockAnalysis,
  'site-settings-analysis': siteSettingsAnalysis,
  'taxonomy-export': taxonomyExport,
  'cross-site-reports': crossSiteReports,
  'cross-site-exports': crossSiteExports,
  'site-license-company-page-views': siteLicenseCompanyPageViews,
  'ad-unit-settings': adUnitSettings,
  'site-performance': sitePerformance,
};

/** Runs a report's query. */
export function runReportQuery(db: Db, id: ReportId, q: ReportQuery): Promise<ReportData> {
  return REPORT_QUERIES[id](db, q);
}
