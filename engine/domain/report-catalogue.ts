// The report catalogue (issue #20): every report's definition — its group, permissions,
// parameters, summary figures, chart and table columns, default sort. The store answers each with
// one query (engine/store/queries/reports.ts); the admin renders any of them (engine/domain/reports.ts
// holds the types and the parameters, sorting and CSV they share). Pure and browser-safe.
import type { Permission } from './permissions';
import type { ColumnKind, ReportChart, ReportColumn, ReportDefinition, ReportFigure } from './report-types';

const VIEW: readonly Permission[] = ['view_common_reports'];
const LAYOUTS: readonly Permission[] = ['view_common_reports', 'view_site_layouts', 'manage_site_layouts'];
const c = (key: string, label: string, kind: ColumnKind = 'int'): ReportColumn => ({ key, label, kind });
const f = (key: string, label: string, kind: ReportFigure['kind'] = 'int'): ReportFigure => ({ key, label, kind });
const dayChart = (series: [string, string][], kind: 'line' | 'bar' = 'line'): ReportChart => ({ kind, x: 'day', series: series.map(([key, label]) => ({ key, label })) });

export const REPORT_DEFINITIONS = [
  {
    id: 'content-views', path: '/content-views-report', title: 'Content views', group: 'Analytics', permissions: VIEW, dated: true, filters: ['section', 'type'],
    description: 'Page views of content items per day, and which items were read most.',
    summary: [f('views', 'Views'), f('visitors', 'Daily visitors'), f('items', 'Items viewed'), f('viewsPerItem', 'Views per item', 'decimal')],
    chart: dayChart([['views', 'Views'], ['visitors', 'Daily visitors']]),
    columns: [c('contentId', 'Id'), c('title', 'Content', 'content'), c('type', 'Type', 'text'), c('section', 'Section', 'text'), c('views', 'Views'), c('visitors', 'Daily visitors'), c('share', 'Share of views', 'percent')],
    defaultSort: { key: 'views', dir: 'desc' },
  },
  {
    id: 'top-content-by-pub-date', path: '/top-content-pages-by-pub-date-report', title: 'Top content by publication date', group: 'Analytics', permissions: VIEW, dated: true, filters: ['section', 'type'],
    description: 'Items published in the period, ranked by the views they drew up to its end.',
    summary: [f('published', 'Items published'), f('views', 'Views'), f('viewsPerItem', 'Views per item', 'decimal'), f('unread', 'Items without views')],
    chart: dayChart([['published', 'Items published'], ['views', 'Views of those items']], 'bar'),
    columns: [c('contentId', 'Id'), c('title', 'Content', 'content'), c('published', 'Published', 'date'), c('section', 'Section', 'text'), c('views', 'Views'), c('visitors', 'Daily visitors')],
    defaultSort: { key: 'views', dir: 'desc' },
  },
  {
    id: 'content-favorites', path: '/content-favorites-report', title: 'Content favourites', group: 'Analytics', permissions: VIEW, dated: true, filters: ['section', 'type'],
    description: 'How often readers saved items to their favourites.',
    summary: [f('favorites', 'Favourites'), f('items', 'Items favourited'), f('visitors', 'Daily readers')],
    chart: dayChart([['favorites', 'Favourites']], 'bar'),
    columns: [c('contentId', 'Id'), c('title', 'Content', 'content'), c('section', 'Section', 'text'), c('favorites', 'Favourites'), c('visitors', 'Daily readers')],
    defaultSort: { key: 'favorites', dir: 'desc' },
  },
  {
    id: 'registrations', path: '/registrations-report', title: 'Registrations', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'The registration funnel: how many readers reached each step, and how many were lost between steps.',
    summary: [f('joinClicks', 'Join clicks'), f('submitted', 'Registrations submitted'), f('completed', 'Registrations completed'), f('conversion', 'Join click to completion', 'percent')],
    chart: { kind: 'funnel', x: 'label', series: [{ key: 'events', label: 'Readers' }] },
    columns: [c('position', '#'), c('label', 'Step', 'text'), c('events', 'Events'), c('visitors', 'Daily visitors'), c('ofFirst', 'Of first step', 'percent'), c('dropOff', 'Drop-off from previous', 'percent')],
    defaultSort: { key: 'position', dir: 'asc' },
  },
  {
    id: 'incomplete-registrations', path: '/incomplete-registrations-report', title: 'Incomplete registrations', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'Registrations submitted but not completed, per day, and how many reminder e-mails went out.',
    summary: [f('submitted', 'Submitted'), f('completed', 'Completed'), f('incomplete', 'Incomplete'), f('incompleteRate', 'Incomplete share', 'percent')],
    chart: dayChart([['submitted', 'Submitted'], ['completed', 'Completed'], ['incomplete', 'Incomplete']]),
    columns: [c('day', 'Day', 'date'), c('submitted', 'Submitted'), c('completed', 'Completed'), c('incomplete', 'Incomplete'), c('reminders', 'Reminders sent')],
    defaultSort: { key: 'day', dir: 'desc' },
  },
  {
    id: 'logins', path: '/login-report', title: 'Logins', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'Member logins per day, and how often readers clicked the header login link.',
    summary: [f('logins', 'Logins'), f('visitors', 'Daily members'), f('loginClicks', 'Login link clicks'), f('perDay', 'Logins per day', 'decimal')],
    chart: dayChart([['logins', 'Logins'], ['loginClicks', 'Login link clicks']]),
    columns: [c('day', 'Day', 'date'), c('logins', 'Logins'), c('visitors', 'Daily members'), c('loginClicks', 'Login link clicks')],
    defaultSort: { key: 'day', dir: 'desc' },
  },
  {
    id: 'newsletter-subscriptions', path: '/newsletter-subscriptions-report', title: 'Newsletter subscriptions', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'Sign-ups per newsletter from the site.',
    summary: [f('subscriptions', 'Sign-ups'), f('visitors', 'Daily readers'), f('newsletters', 'Newsletters')],
    chart: dayChart([['subscriptions', 'Sign-ups']], 'bar'),
    columns: [c('newsletterId', 'Id'), c('newsletter', 'Newsletter', 'text'), c('subscriptions', 'Sign-ups'), c('visitors', 'Daily readers'), c('share', 'Share', 'percent')],
    defaultSort: { key: 'subscriptions', dir: 'desc' },
  },
  {
    id: 'menu-link-clicks', path: '/menu-link-clicks-report', title: 'Menu link clicks', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'Clicks on each menu link.',
    summary: [f('clicks', 'Clicks'), f('visitors', 'Daily visitors'), f('links', 'Links clicked')],
    chart: dayChart([['clicks', 'Clicks']], 'bar'),
    columns: [c('menu', 'Menu', 'text'), c('label', 'Link', 'text'), c('clicks', 'Clicks'), c('visitors', 'Daily visitors'), c('share', 'Share', 'percent')],
    defaultSort: { key: 'clicks', dir: 'desc' },
  },
  {
    id: 'media-gallery', path: '/media-gallery-report', title: 'Media gallery views', group: 'Analytics', permissions: VIEW, dated: true, filters: ['section', 'type'],
    description: 'Images viewed in content galleries, per item.',
    summary: [f('views', 'Gallery views'), f('visitors', 'Daily visitors'), f('items', 'Galleries viewed')],
    chart: dayChart([['views', 'Gallery views']], 'bar'),
    columns: [c('contentId', 'Id'), c('title', 'Content', 'content'), c('section', 'Section', 'text'), c('views', 'Gallery views'), c('visitors', 'Daily visitors')],
    defaultSort: { key: 'views', dir: 'desc' },
  },
  {
    id: 'company-engagement', path: '/company-engagement-report', title: 'Company engagement', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'Readers engaging with company profiles: website and social clicks and sponsored-search logo clicks.',
    summary: [f('interactions', 'Interactions'), f('companies', 'Companies'), f('websiteClicks', 'Website clicks'), f('logoClicks', 'Sponsored logo clicks')],
    chart: dayChart([['interactions', 'Interactions']], 'bar'),
    columns: [c('companyId', 'Id'), c('company', 'Company', 'content'), c('websiteClicks', 'Website clicks'), c('socialClicks', 'Social clicks'), c('logoClicks', 'Sponsored logo clicks'), c('interactions', 'Interactions')],
    defaultSort: { key: 'interactions', dir: 'desc' },
  },
  {
    id: 'site-license-company-page-views', path: '/site-license-company-page-views-report', title: 'Site-license company page views', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'Page views from the networks of site-license companies (their IP ranges), per company and per day.',
    summary: [f('views', 'Views'), f('visitors', 'Daily visitors'), f('companies', 'Companies'), f('licensedShare', 'Share of all views', 'percent')],
    chart: dayChart([['views', 'Views']], 'bar'),
    columns: [c('companyId', 'Id'), c('company', 'Company', 'text'), c('views', 'Views'), c('visitors', 'Daily visitors'), c('networks', 'Networks'), c('share', 'Share', 'percent')],
    defaultSort: { key: 'views', dir: 'desc' },
  },
  {
    id: 'site-performance', path: '/site-performance-report', title: 'Site performance', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'Masthead\'s own timings per day: how long site builds took, how long an edit waited until it was live, and how fast the API answered.',
    summary: [f('builds', 'Builds'), f('buildP95', 'Build time p95 (s)', 'decimal'), f('editLiveP95', 'Edit to live p95 (s)', 'decimal'), f('apiP95', 'API p95 (ms)')],
    chart: dayChart([['buildP95', 'Build time p95 (s)'], ['editLiveP95', 'Edit to live p95 (s)']]),
    columns: [
      c('day', 'Day', 'date'), c('builds', 'Builds'), c('buildMedian', 'Build median (s)', 'decimal'), c('buildP95', 'Build p95 (s)', 'decimal'),
      c('edits', 'Edits gone live'), c('editLiveMedian', 'Edit to live median (s)', 'decimal'), c('editLiveP95', 'Edit to live p95 (s)', 'decimal'),
      c('apiRequests', 'API requests'), c('apiMedian', 'API median (ms)'), c('apiP95', 'API p95 (ms)'),
    ],
    defaultSort: { key: 'day', dir: 'desc' },
  },
  {
    id: 'sponsored-search-logo-clicks', path: '/sponsored-search-logo-clicks-report', title: 'Sponsored search logo clicks', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'Clicks on sponsoring companies\' logos in search results.',
    summary: [f('clicks', 'Clicks'), f('visitors', 'Daily visitors'), f('companies', 'Companies')],
    chart: dayChart([['clicks', 'Clicks']], 'bar'),
    columns: [c('companyId', 'Id'), c('company', 'Company', 'content'), c('clicks', 'Clicks'), c('visitors', 'Daily visitors'), c('share', 'Share', 'percent')],
    defaultSort: { key: 'clicks', dir: 'desc' },
  },
  {
    id: 'recommendations', path: '/blueconic-recommendations-report', title: 'Recommendations', group: 'Analytics', permissions: VIEW, dated: true, filters: ['section', 'type'],
    description: 'Items recommended to readers (related content): how often each was shown and clicked.',
    summary: [f('views', 'Recommendations shown'), f('clicks', 'Clicks'), f('ctr', 'Click-through rate', 'percent'), f('items', 'Items recommended')],
    chart: dayChart([['views', 'Recommendations shown'], ['clicks', 'Clicks']]),
    columns: [c('contentId', 'Id'), c('title', 'Recommended item', 'content'), c('provider', 'Recommender', 'text'), c('section', 'Section', 'text'), c('views', 'Shown'), c('clicks', 'Clicks'), c('ctr', 'Click-through rate', 'percent')],
    defaultSort: { key: 'clicks', dir: 'desc' },
  },
  {
    id: 'recommendation-page-views', path: '/blueconic-page-views-report', title: 'Recommendation page views', group: 'Analytics', permissions: VIEW, dated: true, filters: ['section', 'type'],
    description: 'Pages that showed recommendations: their page views, the recommendations readers saw there, and the clicks they drew.',
    summary: [f('pages', 'Pages'), f('pageViews', 'Page views'), f('views', 'Recommendations shown'), f('clicks', 'Clicks')],
    chart: dayChart([['views', 'Recommendations shown'], ['clicks', 'Clicks']]),
    columns: [c('contentId', 'Id'), c('title', 'Page', 'content'), c('section', 'Section', 'text'), c('pageViews', 'Page views'), c('views', 'Recommendations shown'), c('clicks', 'Clicks'), c('ctr', 'Click-through rate', 'percent')],
    defaultSort: { key: 'pageViews', dir: 'desc' },
  },
  {
    id: 'recommendation-clients', path: '/blueconic-client-report', title: 'Recommendation clients', group: 'Analytics', permissions: VIEW, dated: true, filters: [],
    description: 'Each recommendation provider (Masthead\'s own, or an external one such as BlueConic): what it recommended and how readers responded.',
    summary: [f('providers', 'Providers'), f('views', 'Recommendations shown'), f('clicks', 'Clicks'), f('ctr', 'Click-through rate', 'percent')],
    chart: dayChart([['views', 'Recommendations shown'], ['clicks', 'Clicks']], 'bar'),
    columns: [c('provider', 'Provider', 'text'), c('items', 'Items recommended'), c('views', 'Shown'), c('clicks', 'Clicks'), c('ctr', 'Click-through rate', 'percent')],
    defaultSort: { key: 'views', dir: 'desc' },
  },
  {
    id: 'content-detail', path: '/content-detail-report', title: 'Content detail', group: 'Editorial', permissions: VIEW, dated: true, filters: ['section', 'type', 'author'],
    description: 'One row per item published in the period, with its fields.',
    summary: [f('items', 'Items'), f('authors', 'Authors'), f('sections', 'Sections')],
    chart: null,
    columns: [
      c('contentId', 'Id'), c('title', 'Content', 'content'), c('type', 'Type', 'text'), c('status', 'Status', 'text'), c('section', 'Section', 'text'),
      c('authors', 'Authors', 'text'), c('published', 'Published', 'date'), c('updated', 'Updated', 'date'), c('slug', 'Slug', 'text'), c('teaser', 'Teaser', 'text'),
    ],
    defaultSort: { key: 'published', dir: 'desc' },
  },
  {
    id: 'content-velocity', path: '/content-velocity-report', title: 'Content velocity', group: 'Editorial', permissions: VIEW, dated: true, filters: ['section', 'type', 'author'],
    description: 'Items published per day, by section.',
    summary: [f('published', 'Items published'), f('perDay', 'Per day', 'decimal'), f('sections', 'Sections'), f('authors', 'Authors')],
    chart: dayChart([['published', 'Items published']], 'bar'),
    columns: [c('section', 'Section', 'text'), c('published', 'Items published'), c('perDay', 'Per day', 'decimal'), c('share', 'Share', 'percent')],
    defaultSort: { key: 'published', dir: 'desc' },
  },
  {
    id: 'content-length', path: '/content-length-report', title: 'Content length', group: 'Editorial', permissions: VIEW, dated: true, filters: ['section', 'type', 'author'],
    description: 'Words per item published in the period, and how lengths are spread.',
    summary: [f('items', 'Items'), f('medianWords', 'Median words'), f('meanWords', 'Mean words'), f('longest', 'Longest')],
    chart: { kind: 'bar', x: 'bucket', series: [{ key: 'items', label: 'Items' }] },
    columns: [c('contentId', 'Id'), c('title', 'Content', 'content'), c('section', 'Section', 'text'), c('published', 'Published', 'date'), c('words', 'Words')],
    defaultSort: { key: 'words', dir: 'desc' },
  },
  {
    id: 'editorial-tracking', path: '/editorial-tracking-report', title: 'Editorial tracking', group: 'Editorial', permissions: VIEW, dated: true, filters: [],
    description: 'Who created, edited and deleted content in the period, from the history.',
    summary: [f('changes', 'Changes'), f('people', 'People'), f('items', 'Items touched')],
    chart: dayChart([['created', 'Created'], ['updated', 'Edited'], ['deleted', 'Deleted']], 'bar'),
    columns: [c('user', 'Who', 'text'), c('created', 'Created'), c('updated', 'Edited'), c('deleted', 'Deleted'), c('items', 'Items touched'), c('last', 'Last change', 'date')],
    defaultSort: { key: 'updated', dir: 'desc' },
  },
  {
    // The Ads issue's screen as a report: the same rows, with the ads permissions it had.
    id: 'ad-unit-settings', path: '/ad-unit-settings-report', title: 'Ad unit settings report', group: 'Editorial', permissions: ['view_ad_unit_patterns', 'manage_ad_unit_patterns'], dated: false, filters: [],
    description: 'Every ad unit with where it is placed (the layouts whose ad blocks name it, or every page) and where it is excluded (page types, and layouts whose exclude-ad flag switches its kind off).',
    summary: [f('units', 'Ad units'), f('placed', 'Placed'), f('unplaced', 'Not placed'), f('excluded', 'Excluded somewhere')],
    chart: { kind: 'bar', x: 'type', series: [{ key: 'units', label: 'Ad units' }] },
    columns: [
      c('key', 'Key', 'text'), c('type', 'Type', 'text'), c('placedIn', 'Placed in', 'text'), c('excludePageTypes', 'Excluded page types', 'text'),
      c('excludedBy', 'Excluded by layouts', 'text'), c('sizes', 'Sizes', 'text'), c('refreshRate', 'Refresh (s)'),
    ],
    defaultSort: { key: 'key', dir: 'asc' },
  },
  {
    id: 'rmi', path: '/rmi-report', title: 'RMI inquiries', group: 'Editorial', permissions: VIEW, dated: true, filters: [],
    description: 'Inquiries readers sent from inquiry forms (request more information), per day and per item, one row per inquiry.',
    summary: [f('inquiries', 'Inquiries'), f('items', 'Items asked about'), f('companies', 'Companies'), f('perDay', 'Per day', 'decimal')],
    chart: dayChart([['inquiries', 'Inquiries']], 'bar'),
    columns: [
      c('received', 'Received', 'date'), c('name', 'Name', 'text'), c('email', 'Email', 'text'), c('company', 'Company', 'text'),
      c('contentId', 'Id'), c('title', 'Content', 'content'), c('itemInquiries', 'Inquiries about the item'), c('message', 'Message', 'text'),
    ],
    defaultSort: { key: 'received', dir: 'desc' },
  },
  {
    id: 'layout-block-usage', path: '/layout-block-usage', title: 'Layout block usage', group: 'Analyses', permissions: LAYOUTS, dated: false, filters: [],
    description: 'Which block types the layouts use, and how often.',
    summary: [f('layouts', 'Layouts'), f('blocks', 'Blocks'), f('types', 'Block types used')],
    chart: { kind: 'bar', x: 'blockType', series: [{ key: 'blocks', label: 'Blocks' }] },
    columns: [c('blockType', 'Block type', 'text'), c('blocks', 'Blocks'), c('layouts', 'Layouts'), c('layoutNames', 'Used in', 'text')],
    defaultSort: { key: 'blocks', dir: 'desc' },
  },
  {
    id: 'company-export', path: '/company-export', title: 'Company export', group: 'Exports', permissions: VIEW, dated: false, filters: ['section'],
    description: 'Every company profile with its fields, to download as CSV or XLSX.',
    summary: [f('companies', 'Companies'), f('published', 'Published')],
    chart: null,
    columns: [c('contentId', 'Id'), c('name', 'Company', 'content'), c('status', 'Status', 'text'), c('section', 'Section', 'text'), c('website', 'Website', 'text'), c('teaser', 'Teaser', 'text'), c('updated', 'Updated', 'date')],
    defaultSort: { key: 'name', dir: 'asc' },
  },
  {
    id: 'layout-block-option-usage', path: '/layout-block-option-usage', title: 'Layout block option usage', group: 'Analyses', permissions: LAYOUTS, dated: false, filters: [],
    description: 'Which settings values the layouts\' blocks use: every block type\'s options and the values they take.',
    summary: [f('blocks', 'Blocks'), f('blockTypes', 'Block types'), f('options', 'Options set'), f('values', 'Option values')],
    chart: { kind: 'bar', x: 'option', series: [{ key: 'values', label: 'Different values' }] },
    columns: [c('blockType', 'Block type', 'text'), c('option', 'Option', 'text'), c('value', 'Value', 'text'), c('blocks', 'Blocks'), c('layouts', 'Layouts'), c('layoutNames', 'Used in', 'text')],
    defaultSort: { key: 'blocks', dir: 'desc' },
  },
  {
    id: 'newsletter-block-analysis', path: '/nl-block-analysis', title: 'Newsletter block analysis', group: 'Analyses', permissions: [...VIEW, 'manage_newsletter_templates', 'manage_newsletter_campaigns'], dated: true, filters: [],
    description: 'Which block types the newsletter campaigns of the period use, and in how many campaigns.',
    summary: [f('campaigns', 'Campaigns'), f('blocks', 'Blocks'), f('types', 'Block types used'), f('perCampaign', 'Blocks per campaign', 'decimal')],
    chart: { kind: 'bar', x: 'blockType', series: [{ key: 'blocks', label: 'Blocks' }] },
    columns: [c('blockType', 'Block type', 'text'), c('blocks', 'Blocks'), c('campaigns', 'Campaigns'), c('ofCampaigns', 'Of campaigns', 'percent'), c('perCampaign', 'Per campaign', 'decimal'), c('newsletters', 'Newsletters', 'text')],
    defaultSort: { key: 'blocks', dir: 'desc' },
  },
  {
    id: 'layout-analysis', path: '/layout-analysis', title: 'Layout analysis', group: 'Analyses', permissions: LAYOUTS, dated: false, filters: [],
    description: 'Which layout every page resolves to, and why: a URL override, a content or content type override, a section\'s layout or the default.',
    summary: [f('pages', 'Pages'), f('layouts', 'Layouts in use'), f('overridden', 'Pages with an override'), f('defaults', 'Pages on the default')],
    chart: { kind: 'bar', x: 'reason', series: [{ key: 'pages', label: 'Pages' }] },
    columns: [c('site', 'Site', 'text'), c('kind', 'Page type', 'text'), c('page', 'Page', 'text'), c('path', 'Path', 'text'), c('layout', 'Layout', 'text'), c('reason', 'Why', 'text')],
    defaultSort: { key: 'path', dir: 'asc' },
  },
  {
    id: 'site-settings-analysis', path: '/ss-analysis', title: 'Site settings analysis', group: 'Analyses', permissions: ['view_site_settings', 'manage_site_settings'], dated: false, filters: [],
    // Site configuration: the settings permissions, not view_common_reports (editors see no settings, admin §6).
    description: 'How the sites\' settings differ: each setting, how many sites set it, how many values it takes and every site\'s value.',
    summary: [f('sites', 'Sites'), f('settings', 'Settings'), f('differing', 'Settings that differ'), f('globalUsers', 'Global users')],
    chart: { kind: 'bar', x: 'group', series: [{ key: 'settings', label: 'Settings that differ' }] },
    columns: [c('setting', 'Setting', 'text'), c('sites', 'Sites setting it'), c('distinct', 'Different values'), c('differs', 'Differs', 'text'), c('common', 'Most common value', 'text'), c('values', 'Values by site', 'text')],
    defaultSort: { key: 'distinct', dir: 'desc' },
  },
  {
    id: 'taxonomy-export', path: '/taxonomy-export', title: 'Taxonomy export', group: 'Exports', permissions: ['view_common_reports', 'manage_taxonomy'], dated: false, filters: [],
    description: 'Every taxonomy term with its place in the tree and how many items carry it, to download as CSV or XLSX.',
    summary: [f('terms', 'Terms'), f('types', 'Term types'), f('used', 'Terms in use'), f('unused', 'Unused terms')],
    chart: { kind: 'bar', x: 'type', series: [{ key: 'terms', label: 'Terms' }] },
    columns: [c('id', 'Id'), c('type', 'Type', 'text'), c('name', 'Name', 'text'), c('fullName', 'Full name', 'text'), c('parentId', 'Parent id'), c('contentCount', 'Items')],
    defaultSort: { key: 'fullName', dir: 'asc' },
  },
  {
    id: 'cross-site-reports', path: '/cross-site-reports', title: 'Cross-site reports', group: 'Exports', permissions: VIEW, dated: true, filters: [], crossSite: true,
    description: 'Every site side by side: views, readers, items published, registrations, logins and newsletter sign-ups in the period.',
    summary: [f('sites', 'Sites'), f('views', 'Views'), f('published', 'Items published'), f('registrations', 'Registrations completed')],
    chart: { kind: 'bar', x: 'site', series: [{ key: 'views', label: 'Views' }] },
    columns: [c('site', 'Site', 'text'), c('name', 'Name', 'text'), c('views', 'Views'), c('visitors', 'Daily visitors'), c('published', 'Items published'), c('registrations', 'Registrations completed'), c('logins', 'Logins'), c('subscriptions', 'Newsletter sign-ups'), c('share', 'Share of views', 'percent')],
    defaultSort: { key: 'views', dir: 'desc' },
  },
  {
    id: 'cross-site-exports', path: '/cross-site-exports', title: 'Cross-site exports', group: 'Exports', permissions: VIEW, dated: true, filters: ['type'], crossSite: true,
    description: 'Every item published on any site in the period, one row each with its site, to download as CSV or XLSX.',
    summary: [f('items', 'Items'), f('sites', 'Sites'), f('types', 'Content types')],
    chart: { kind: 'bar', x: 'site', series: [{ key: 'items', label: 'Items published' }] },
    columns: [c('site', 'Site', 'text'), c('contentId', 'Id'), c('title', 'Content', 'text'), c('type', 'Type', 'text'), c('section', 'Section', 'text'), c('published', 'Published', 'date'), c('path', 'Path', 'text')],
    defaultSort: { key: 'published', dir: 'desc' },
  },
] as const satisfies readonly ReportDefinition[];

export type ReportId = (typeof REPORT_DEFINITIONS)[number]['id'];
export const REPORT_IDS = REPORT_DEFINITIONS.map((d) => d.id) as ReportId[];

export function reportById(id: string): ReportDefinition | undefined {
  return (REPORT_DEFINITIONS as readonly ReportDefinition[]).find((d) => d.id === id);
}
