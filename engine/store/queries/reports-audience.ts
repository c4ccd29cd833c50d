// Analytics report queries (issue #20): reader events from the daily rollups — content views and
// favourites, registrations and their funnel, logins, subscriptions, menu and company clicks,
// recommendations, site-license companies' page views — and the site's own performance timings.
import { PROVIDER_LABELS, parseRecommendationId } from '../../domain/recommend';
import { parseCidr } from '../../domain/ip-range';
import { emptySummary, mergeSummaries, quantileMs, type LatencySummary, type SiteMetric } from '../../domain/site-metrics';
import { type ReportRow } from '../../domain/reports';
import { rawOf, type Db } from '../connection';
import { readSiteMetrics } from './site-metrics';
import { n, ratio, round2, startMs, endMs, tenantWhere, contentWhere, contentByIdIndex, byKey, byDay, everyDay, add, contentInfo, hasContentFilter, type ReportQuery, type Runner } from './reports-common';

/**
 * Reports of one content event (page views, favourites, gallery views): rows per item, series per
 * day. With a content filter, the series sums the filtered items' own daily rollups.
 */
export function contentEventReport(type: string, value: string): Runner {
  return async (db, q) => {
    if (q.summaryOnly && !hasContentFilter(q)) {
      // The comparison period's totals from the daily totals alone (items per period would need the per-item scan).
      const daily = await byDay(db, q, [type]);
      return { summary: { [value]: daily.reduce((sum, d) => sum + d.events, 0), visitors: daily.reduce((sum, d) => sum + d.visitors, 0) }, series: [], rows: [] };
    }
    // Per item in one statement: the rollups grouped by item, joined to the items (covering index) with the filters.
    const t = tenantWhere('r.tenant_key', q);
    const w = contentWhere(q);
    const items = await rawOf(db).all<{ id: number; name: string; type: string; section: string | null; events: number; visitors: number }>(
      `select c.id, c.name, c.type, s.name as section, v.events, v.visitors from (
         select r.key, sum(r.events) as events, sum(r.visitors) as visitors from event_rollups r
         where ${t.sql} and r.grain = 'day' and r.dim = 'content' and r.type = ? and r.day between ? and ? group by r.key) v
       join ${contentByIdIndex(db)} on c.id = cast(v.key as integer)
       left join website_sections s on s.id = c.primary_section_id where ${w.sql}`, [...t.params, type, q.from, q.to, ...w.params]);
    const rows: ReportRow[] = [];
    const ids: string[] = [];
    let total = 0;
    let visitors = 0;
    for (const r of items) {
      const events = n(r.events);
      rows.push({ contentId: Number(r.id), title: r.name, type: r.type, section: r.section, [value]: events, visitors: n(r.visitors) });
      ids.push(String(r.id));
      total += events;
      visitors += n(r.visitors);
    }
    for (const r of rows) r.share = round2(ratio(n(r[value]), total) * 100) / 100;
    const series = everyDay(q, [value, 'visitors']);
    const daily = hasContentFilter(q)
      ? (await byDay(db, q, [type], 'content', ids))
      : await byDay(db, q, [type]);
    for (const d of daily) { add(series.get(d.day), value, d.events); add(series.get(d.day), 'visitors', d.visitors); }
    if (!hasContentFilter(q)) visitors = daily.reduce((s, d) => s + d.visitors, 0);
    return { summary: { [value]: total, visitors, items: rows.length, [`${value}PerItem`]: round2(ratio(total, rows.length)) }, series: [...series.values()], rows };
  };
}

export const contentViews = contentEventReport('PageView', 'views');

export const topContentByPubDate: Runner = async (db, q) => {
  const t = tenantWhere('c.tenant_key', q);
  const w = contentWhere(q);
  const items = await rawOf(db).all<{ id: number; name: string; published: number; section: string }>(
    `select c.id, c.name, c.published, s.name as section from content c left join website_sections s on s.id = c.primary_section_id
     where ${t.sql} and c.status = 1 and c.published >= ? and c.published < ? and ${w.sql}`,
    [...t.params, startMs(q.from), endMs(q.to), ...w.params]);
  const views = new Map((await byKey(db, q, ['PageView'], 'content', items.map((i) => String(i.id)))).map((r) => [Number(r.key), r]));
  const series = everyDay(q, ['published', 'views']);
  let total = 0;
  const rows = items.map((i) => {
    const v = views.get(Number(i.id));
    const day = new Date(Number(i.published)).toISOString().slice(0, 10);
    add(series.get(day), 'published', 1);
    add(series.get(day), 'views', v?.events ?? 0);
    total += v?.events ?? 0;
    return { contentId: Number(i.id), title: i.name, published: day, section: i.section, views: v?.events ?? 0, visitors: v?.visitors ?? 0 };
  });
  return {
    summary: { published: rows.length, views: total, viewsPerItem: round2(ratio(total, rows.length)), unread: rows.filter((r) => r.views === 0).length },
    series: [...series.values()], rows,
  };
};

/** Funnel steps in reading order; joining has two entry links. */
export const FUNNEL: readonly { label: string; steps: readonly string[] }[] = [
  { label: 'Clicked join', steps: ['click-join-header', 'click-join-footer'] },
  { label: 'Chose a membership', steps: ['choose-membership'] },
  { label: 'Submitted registration', steps: ['submit-registration'] },
  { label: 'Completed registration', steps: ['complete-registration'] },
  { label: 'Confirmed e-mail', steps: ['confirm-email'] },
];

export const registrations: Runner = async (db, q) => {
  const steps = new Map((await byKey(db, q, ['Registration'], 'step')).map((r) => [r.key, r]));
  const count = (s: readonly string[], k: 'events' | 'visitors') => s.reduce((sum, step) => sum + (steps.get(step)?.[k] ?? 0), 0);
  let first = 0;
  let previous = 0;
  const rows = FUNNEL.map((f, i) => {
    const events = count(f.steps, 'events');
    if (i === 0) first = events;
    const row: ReportRow = {
      position: i + 1, label: f.label, events, visitors: count(f.steps, 'visitors'),
      ofFirst: round2(ratio(events, first) * 100) / 100, dropOff: i === 0 ? 0 : round2(ratio(Math.max(0, previous - events), previous) * 100) / 100,
    };
    previous = events;
    return row;
  });
  const joinClicks = n(rows[0]?.events);
  const completed = count(['complete-registration'], 'events');
  return {
    summary: { joinClicks, submitted: count(['submit-registration'], 'events'), completed, conversion: round2(ratio(completed, joinClicks) * 100) / 100 },
    series: rows.map((r) => ({ label: r.label ?? null, events: r.events ?? null })), rows,
  };
};

const stepSeries = async (db: Db, q: ReportQuery, keys: Record<string, readonly string[]>) => {
  const series = everyDay(q, [...Object.keys(keys), 'visitors']);
  const wanted = new Set(Object.values(keys).flat());
  for (const d of await byDay(db, q, ['Registration'], 'step', [...wanted])) {
    for (const [k, steps] of Object.entries(keys)) if (steps.includes(d.key)) add(series.get(d.day), k, d.events);
    if (keys.logins?.includes(d.key)) add(series.get(d.day), 'visitors', d.visitors);
  }
  return [...series.values()];
};

export const incompleteRegistrations: Runner = async (db, q) => {
  const series = await stepSeries(db, q, { submitted: ['submit-registration'], completed: ['complete-registration'], reminders: ['reminder-1h', 'reminder-24h'] });
  let submitted = 0;
  let completed = 0;
  const rows = series.map((s) => {
    submitted += n(s.submitted);
    completed += n(s.completed);
    s.incomplete = Math.max(0, n(s.submitted) - n(s.completed));
    return { day: String(s.day), submitted: n(s.submitted), completed: n(s.completed), incomplete: s.incomplete, reminders: n(s.reminders) };
  });
  const incomplete = Math.max(0, submitted - completed);
  return { summary: { submitted, completed, incomplete, incompleteRate: round2(ratio(incomplete, submitted) * 100) / 100 }, series, rows };
};

export const logins: Runner = async (db, q) => {
  const series = await stepSeries(db, q, { logins: ['login'], loginClicks: ['click-login-header'] });
  const sum = (k: string) => series.reduce((s, r) => s + n(r[k]), 0);
  const rows = series.map((s) => ({ day: String(s.day), logins: n(s.logins), visitors: n(s.visitors), loginClicks: n(s.loginClicks) }));
  return { summary: { logins: sum('logins'), visitors: sum('visitors'), loginClicks: sum('loginClicks'), perDay: round2(ratio(sum('logins'), series.length)) }, series, rows };
};

export const newsletterSubscriptions: Runner = async (db, q) => {
  const keyed = await byKey(db, q, ['NewsletterSubscription'], 'newsletter');
  const names = new Map((await rawOf(db).all<{ id: number; title: string }>('select n.id, n.title from newsletters n where n.id in (select value from json_each(?))',
    [JSON.stringify(keyed.map((r) => Number(r.key)))])).map((r) => [Number(r.id), r.title]));
  const total = keyed.reduce((s, r) => s + r.events, 0);
  const rows = keyed.map((r) => ({ newsletterId: Number(r.key), newsletter: names.get(Number(r.key)) ?? `Newsletter ${r.key}`, subscriptions: r.events, visitors: r.visitors, share: round2(ratio(r.events, total) * 100) / 100 }));
  const series = everyDay(q, ['subscriptions', 'visitors']);
  for (const d of await byDay(db, q, ['NewsletterSubscription'])) { add(series.get(d.day), 'subscriptions', d.events); add(series.get(d.day), 'visitors', d.visitors); }
  const s = [...series.values()];
  return { summary: { subscriptions: total, visitors: s.reduce((a, r) => a + n(r.visitors), 0), newsletters: rows.length }, series: s, rows };
};

export const menuLinkClicks: Runner = async (db, q) => {
  const keyed = await byKey(db, q, ['ClickMenu'], 'menu');
  const total = keyed.reduce((s, r) => s + r.events, 0);
  const rows = keyed.map((r) => {
    const cut = r.key.indexOf(':');
    return { menu: cut < 0 ? '' : r.key.slice(0, cut), label: cut < 0 ? r.key : r.key.slice(cut + 1), clicks: r.events, visitors: r.visitors, share: round2(ratio(r.events, total) * 100) / 100 };
  });
  const series = everyDay(q, ['clicks', 'visitors']);
  for (const d of await byDay(db, q, ['ClickMenu'])) { add(series.get(d.day), 'clicks', d.events); add(series.get(d.day), 'visitors', d.visitors); }
  const s = [...series.values()];
  return { summary: { clicks: total, visitors: s.reduce((a, r) => a + n(r.visitors), 0), links: rows.length }, series: s, rows };
};

const COMPANY_TYPES = { ClickCompanyWebsite: 'websiteClicks', ClickSocialCompany: 'socialClicks', ClickSponsoredSearchLogo: 'logoClicks' } as const;

export const companyEngagement: Runner = async (db, q) => {
  const types = Object.keys(COMPANY_TYPES) as (keyof typeof COMPANY_TYPES)[];
  const keyed = await byKey(db, q, types, 'company');
  const byCompany = new Map<number, ReportRow>();
  for (const r of keyed) {
    const id = Number(r.key);
    const row = byCompany.get(id) ?? { companyId: id, company: '', websiteClicks: 0, socialClicks: 0, logoClicks: 0, interactions: 0 };
    add(row, COMPANY_TYPES[r.type as keyof typeof COMPANY_TYPES], r.events);
    add(row, 'interactions', r.events);
    byCompany.set(id, row);
  }
  const info = await contentInfo(db, { ...q, section: null, type: null, author: null }, [...byCompany.keys()]);
  for (const [id, row] of byCompany) row.company = info.get(id)?.name ?? `Company ${id}`;
  const rows = [...byCompany.values()];
  const series = everyDay(q, ['interactions']);
  for (const d of await byDay(db, q, types)) add(series.get(d.day), 'interactions', d.events);
  const sum = (k: string) => rows.reduce((s, r) => s + n(r[k]), 0);
  return { summary: { interactions: sum('interactions'), companies: rows.length, websiteClicks: sum('websiteClicks'), logoClicks: sum('logoClicks') }, series: [...series.values()], rows };
};

export const sponsoredLogoClicks: Runner = async (db, q) => {
  const keyed = await byKey(db, q, ['ClickSponsoredSearchLogo'], 'company');
  const info = await contentInfo(db, { ...q, section: null, type: null, author: null }, keyed.map((r) => Number(r.key)));
  const total = keyed.reduce((sum, r) => sum + r.events, 0);
  const rows = keyed.map((r) => ({
    companyId: Number(r.key), company: info.get(Number(r.key))?.name ?? `Company ${r.key}`, clicks: r.events, visitors: r.visitors, share: round2(ratio(r.events, total) * 100) / 100,
  }));
  const series = everyDay(q, ['clicks', 'visitors']);
  for (const d of await byDay(db, q, ['ClickSponsoredSearchLogo'])) { add(series.get(d.day), 'clicks', d.events); add(series.get(d.day), 'visitors', d.visitors); }
  const s = [...series.values()];
  return { summary: { clicks: total, visitors: s.reduce((a, r) => a + n(r.visitors), 0), companies: rows.length }, series: s, rows };
};

/** Recommendation events (engine/domain/recommend.ts): shown and clicked, counted by recommendation id (<provider>:<content id>) and by page. */
const REC_VIEW = 'ViewBlueConicRecommendation';
const REC_CLICK = 'ClickBlueConicRecommendation';
const REC_TYPES = [REC_VIEW, REC_CLICK] as const;
const ctrOf = (clicks: number, views: number) => round2(ratio(clicks, views) * 100) / 100;

/** Shown and clicked per day; with keys, only those keys of a dimension (a content filter's items). */
async function recommendationSeries(db: Db, q: ReportQuery, dim?: string, keys?: readonly string[]): Promise<ReportRow[]> {
  const series = everyDay(q, ['views', 'clicks']);
  for (const d of await byDay(db, q, REC_TYPES, dim, keys)) add(series.get(d.day), d.type === REC_CLICK ? 'clicks' : 'views', d.events);
  return [...series.values()];
}

export const recommendations: Runner = async (db, q) => {
  const byRec = new Map<string, { provider: string; contentId: number; views: number; clicks: number }>();
  for (const r of await byKey(db, q, REC_TYPES, 'recommendation')) {
    const id = parseRecommendationId(r.key);
    if (!id) continue;
    const e = byRec.get(r.key) ?? { provider: id.provider, contentId: id.contentId, views: 0, clicks: 0 };
    if (r.type === REC_CLICK) e.clicks += r.events; else e.views += r.events;
    byRec.set(r.key, e);
  }
  const info = await contentInfo(db, q, [...new Set([...byRec.values()].map((e) => e.contentId))]);
  const rows: ReportRow[] = [];
  const keys: string[] = [];
  for (const [key, e] of byRec) {
    const c = info.get(e.contentId);
    if (!c && hasContentFilter(q)) continue;
    keys.push(key);
    rows.push({
      contentId: e.contentId, title: c?.name ?? `Item ${e.contentId}`, provider: PROVIDER_LABELS[e.provider as keyof typeof PROVIDER_LABELS] ?? e.provider,
      section: c?.section ?? null, views: e.views, clicks: e.clicks, ctr: ctrOf(e.clicks, e.views),
    });
  }
  const views = rows.reduce((s, r) => s + n(r.views), 0);
  const clicks = rows.reduce((s, r) => s + n(r.clicks), 0);
  const series = q.summaryOnly ? [] : hasContentFilter(q) ? await recommendationSeries(db, q, 'recommendation', keys) : await recommendationSeries(db, q);
  return { summary: { views, clicks, ctr: ctrOf(clicks, views), items: new Set(rows.map((r) => r.contentId)).size }, series, rows };
};

export const recommendationPageViews: Runner = async (db, q) => {
  const byPage = new Map<number, { views: number; clicks: number }>();
  for (const r of await byKey(db, q, REC_TYPES, 'content')) {
    const id = Number(r.key);
    const e = byPage.get(id) ?? { views: 0, clicks: 0 };
    if (r.type === REC_CLICK) e.clicks += r.events; else e.views += r.events;
    byPage.set(id, e);
  }
  const ids = [...byPage.keys()];
  const info = await contentInfo(db, q, ids);
  const kept = hasContentFilter(q) ? ids.filter((id) => info.has(id)) : ids;
  const pageViews = new Map((await byKey(db, q, ['PageView'], 'content', kept.map(String))).map((r) => [Number(r.key), r.events]));
  const rows: ReportRow[] = kept.map((id) => {
    const e = byPage.get(id)!;
    const c = info.get(id);
    return { contentId: id, title: c?.name ?? `Item ${id}`, section: c?.section ?? null, pageViews: pageViews.get(id) ?? 0, views: e.views, clicks: e.clicks, ctr: ctrOf(e.clicks, e.views) };
  });
  const sum = (k: string) => rows.reduce((s, r) => s + n(r[k]), 0);
  const series = q.summaryOnly ? [] : hasContentFilter(q) ? await recommendationSeries(db, q, 'content', kept.map(String)) : await recommendationSeries(db, q);
  return { summary: { pages: rows.length, pageViews: sum('pageViews'), views: sum('views'), clicks: sum('clicks') }, series, rows };
};

export const recommendationClients: Runner = async (db, q) => {
  const byProvider = new Map<string, { items: Set<number>; views: number; clicks: number }>();
  for (const r of await byKey(db, q, REC_TYPES, 'recommendation')) {
    const id = parseRecommendationId(r.key);
    const provider = id?.provider ?? 'other';
    const e = byProvider.get(provider) ?? { items: new Set<number>(), views: 0, clicks: 0 };
    if (id) e.items.add(id.contentId);
    if (r.type === REC_CLICK) e.clicks += r.events; else e.views += r.events;
    byProvider.set(provider, e);
  }
  const rows: ReportRow[] = [...byProvider].map(([p, e]) => ({
    provider: PROVIDER_LABELS[p as keyof typeof PROVIDER_LABELS] ?? 'Other', items: e.items.size, views: e.views, clicks: e.clicks, ctr: ctrOf(e.clicks, e.views),
  }));
  const views = rows.reduce((s, r) => s + n(r.views), 0);
  const clicks = rows.reduce((s, r) => s + n(r.clicks), 0);
  return { summary: { providers: rows.length, views, clicks, ctr: ctrOf(clicks, views) }, series: q.summaryOnly ? [] : await recommendationSeries(db, q), rows };
};

/**
 * Site-license company page views: page views rolled up by the reader's network (/24 or /48, cut at
 * ingest), each network matched to the site-license company whose IP range overlaps it (the lowest
 * company id when several do). A range narrower than a network counts the whole network's views.
 */
export const siteLicenseCompanyPageViews: Runner = async (db, q) => {
  const raw = rawOf(db);
  const t = tenantWhere('tenant_key', q);
  const r = tenantWhere('r.tenant_key', q);
  const [nets, ranges, all] = await Promise.all([
    raw.all<{ tenant_key: string; day: string; key: string; events: number; visitors: number }>(
      `select tenant_key, day, key, sum(events) as events, sum(visitors) as visitors from event_rollups
       where ${t.sql} and grain = 'day' and dim = 'net' and type = 'PageView' and day between ? and ? group by tenant_key, day, key`, [...t.params, q.from, q.to]),
    raw.all<{ tenant_key: string; company_id: number; name: string; start_key: string; end_key: string }>(
      `select r.tenant_key, r.company_id, c.name, r.start_key, r.end_key from site_license_ip_ranges r join site_license_companies c on c.id = r.company_id
       where ${r.sql} order by r.company_id`, r.params),
    byDay(db, q, ['PageView']),
  ]);
  const companyOf = new Map<string, { id: number; name: string } | null>();
  const match = (tenant: string, net: string) => {
    const id = `${tenant} ${net}`;
    if (!companyOf.has(id)) {
      const range = parseCidr(net);
      const hit = range ? ranges.find((x) => x.tenant_key === tenant && x.start_key <= range.end && x.end_key >= range.start) : undefined;
      companyOf.set(id, hit ? { id: Number(hit.company_id), name: hit.name } : null);
    }
    return companyOf.get(id)!;
  };
  const byCompany = new Map<number, { row: ReportRow; nets: Set<string> }>();
  const series = everyDay(q, ['views', 'visitors']);
  for (const x of nets) {
    const company = match(x.tenant_key, x.key);
    if (!company) continue;
    const e = byCompany.get(company.id) ?? { row: { companyId: company.id, company: company.name, views: 0, visitors: 0, networks: 0, share: 0 }, nets: new Set<string>() };
    add(e.row, 'views', n(x.events));
    add(e.row, 'visitors', n(x.visitors));
    e.nets.add(`${x.tenant_key} ${x.key}`);
    byCompany.set(company.id, e);
    add(series.get(x.day), 'views', n(x.events));
    add(series.get(x.day), 'visitors', n(x.visitors));
  }
  const rows: ReportRow[] = [...byCompany.values()].map((e) => ({ ...e.row, networks: e.nets.size }));
  const views = rows.reduce((s, x) => s + n(x.views), 0);
  for (const row of rows) row.share = round2(ratio(n(row.views), views) * 100) / 100;
  const allViews = all.reduce((s, d) => s + d.events, 0);
  return {
    summary: { views, visitors: rows.reduce((s, x) => s + n(x.visitors), 0), companies: rows.length, licensedShare: round2(ratio(views, allViews) * 100) / 100 },
    series: [...series.values()], rows,
  };
};

/**
 * Site performance: Masthead's own timings (site_metrics, recorded by the rebuild queue and the API)
 * per day — build durations, edit→live latency, API latency — with medians and 95th percentiles
 * from the merged latency histograms (so they are bucket upper bounds, capped at the slowest sample).
 */
export const sitePerformance: Runner = async (db, q) => {
  const metrics = await readSiteMetrics(db, q.tenantKeys, q.from, q.to);
  const perDay = new Map<string, Record<SiteMetric, LatencySummary>>();
  const total: Record<SiteMetric, LatencySummary> = { build: emptySummary(), 'edit-live': emptySummary(), api: emptySummary() };
  for (const m of metrics) {
    const d = perDay.get(m.day) ?? { build: emptySummary(), 'edit-live': emptySummary(), api: emptySummary() };
    d[m.metric] = mergeSummaries(d[m.metric], m);
    total[m.metric] = mergeSummaries(total[m.metric], m);
    perDay.set(m.day, d);
  }
  const s = (v: number) => round2(v / 1000);
  const rows: ReportRow[] = [];
  const series = everyDay(q, ['buildP95', 'editLiveP95']);
  for (const [day, d] of perDay) {
    const row = {
      day, builds: d.build.n, buildMedian: s(quantileMs(d.build, 0.5)), buildP95: s(quantileMs(d.build, 0.95)),
      edits: d['edit-live'].n, editLiveMedian: s(quantileMs(d['edit-live'], 0.5)), editLiveP95: s(quantileMs(d['edit-live'], 0.95)),
      apiRequests: d.api.n, apiMedian: quantileMs(d.api, 0.5), apiP95: quantileMs(d.api, 0.95),
    };
    rows.push(row);
    const point = series.get(day);
    if (point) { point.buildP95 = row.buildP95; point.editLiveP95 = row.editLiveP95; }
  }
  return {
    summary: { builds: total.build.n, buildP95: s(quantileMs(total.build, 0.95)), editLiveP95: s(quantileMs(total['edit-live'], 0.95)), apiP95: quantileMs(total.api, 0.95) },
    series: [...series.values()], rows,
  };
};
