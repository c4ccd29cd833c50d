// The magazine API (admin §2.2, §7.3): publications, issues, sections and placements — guarded by
// the manage_magazine_* permissions, tenant-checked by header and by id, validation naming the
// field with nothing written, a history row per write and a change event for the rebuild queue;
// the reads getPublicationStream, getMagazinePublication, getIssue, getIssues; the print export
// download (manage_print_export) as a zip of ICML stories.
import { unzipSync, strFromU8 } from 'fflate';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type GqlResponse, type Harness } from './api-harness';

let h: Harness;
beforeAll(async () => { h = await startApi(); });
afterAll(async () => { await h.close(); });

const ALPHA_ITEMS = [10_010_001, 10_010_002, 10_010_003];
const BETA_ITEM = 10_020_001;
const code = (r: GqlResponse) => r.error?.extensions.code;
const admin = { as: 'alphaAdmin' as const };
const magazineRows = async () => ({
  publications: await h.count('magazine_publications'), issues: await h.count('magazine_issues'),
  sections: await h.count('magazine_sections'), placements: await h.count('magazine_issue_content'), history: await h.count('history'),
});

const ids = { publication: 0, issue: 0, news: 0, features: 0, betaPublication: 0 };

describe('publications', () => {
  it('creates, reads and lists a publication; history and the rebuild hear of it', async () => {
    const before = h.changes.length;
    const r = await h.op('createMagazinePublication', { input: { name: 'Freight Monthly', description: 'The print edition', subscribeUrl: 'https://example.com/subscribe', renewalUrl: 'https://example.com/renew' } }, admin);
    expect(r.error).toBeUndefined();
    ids.publication = r.data.createMagazinePublication.id;
    expect(r.data.createMagazinePublication).toMatchObject({ name: 'Freight Monthly', canonicalPath: `/magazine/${ids.publication}/freight-monthly`, sections: [] });
    expect(h.changes.slice(before)).toEqual([{ tenantKey: 'alpha', change: { entity: 'magazine', action: 'create', ids: [`publication:${ids.publication}`], paths: [`/magazine/${ids.publication}/freight-monthly`] } }]);
    const [hist] = await h.store.all<{ entity_type: string; action: string }>(`select entity_type, action from history where entity_type = 'magazinePublication' and entity_id = '${ids.publication}'`);
    expect(hist).toEqual({ entity_type: 'magazinePublication', action: 'create' });
    const stream = await h.op('getPublicationStream', {}, admin);
    expect(stream.data.getPublicationStream.edges.map((e: any) => e.node.name)).toContain('Freight Monthly');
    expect((await h.op('getMagazinePublication', { id: ids.publication }, admin)).data.getMagazinePublication.renewalUrl).toBe('https://example.com/renew');
  });

  it('refuses without manage_magazine_publications, and a bad field is named with nothing written', async () => {
    const before = await magazineRows();
    expect(code(await h.op('createMagazinePublication', { input: { name: 'X' } }, { as: 'alphaEditor' }))).toBe('FORBIDDEN');
    const bad = await h.op('createMagazinePublication', { input: { name: ' ' } }, admin);
    expect(bad.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.name' });
    const url = await h.op('createMagazinePublication', { input: { name: 'Y', subscribeUrl: 'javascript:alert(1)' } }, admin);
    expect(url.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.subscribeUrl' });
    const asset = await h.op('createMagazinePublication', { input: { name: 'Z', logoAssetId: 999_999 } }, admin);
    expect(asset.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.logoAssetId' });
    expect(await magazineRows()).toEqual(before);
  });

  it('keeps tenants apart: another tenant\u2019s publication is not found, by header or by id', async () => {
    const beta = await h.op('createMagazinePublication', { input: { name: 'Beta Quarterly' } }, { as: 'admin', tenant: 'beta' });
    ids.betaPublication = beta.data.createMagazinePublication.id;
    expect(code(await h.op('getMagazinePublication', { id: ids.betaPublication }, admin))).toBe('NOT_FOUND');
    expect(code(await h.op('updateMagazinePublication', { id: ids.betaPublication, input: { name: 'Taken' } }, admin))).toBe('NOT_FOUND');
    expect(code(await h.op('deleteMagazinePublication', { id: ids.betaPublication }, admin))).toBe('NOT_FOUND');
    expect(code(await h.op('getPublicationStream', {}, { as: 'alphaAdmin', tenant: 'beta' }))).toBe('FORBIDDEN');
    expect((await h.op('getMagazinePublication', { id: ids.betaPublication }, { as: 'admin', tenant: 'beta' })).data.getMagazinePublication.name).toBe('Beta Quarterly');
  });
});

describe('sections, issues and placements', () => {
  it('creates sections of the publication (manage_magazine_sections)', async () => {
    const news = await h.op('createMagazineSection', { input: { publicationId: ids.publication, name: 'News', position: 0 } }, admin);
    const features = await h.op('createMagazineSection', { input: { publicationId: ids.publication, name: 'Features', position: 1 } }, admin);
    ids.news = news.data.createMagazineSection.id;
    ids.features = features.data.createMagazineSection.id;
    expect(code(await h.op('createMagazineSection', { input: { publicationId: ids.publication, name: 'No' } }, { as: 'alphaEditor' }))).toBe('FORBIDDEN');
    const other = await h.op('createMagazineSection', { input: { publicationId: ids.betaPublication, name: 'Stolen' } }, admin);
    expect(other.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.publicationId' });
    const pub = await h.op('getMagazinePublication', { id: ids.publication }, admin);
    expect(pub.data.getMagazinePublication.sections.map((s: any) => s.name)).toEqual(['News', 'Features']);
  });

  it('creates an issue with its schedule; validation names the field and writes nothing', async () => {
    const before = await magazineRows();
    const refusals: [Record<string, unknown>, string][] = [
      [{ publicationId: ids.betaPublication }, 'input.publicationId'],
      [{ name: '' }, 'input.name'],
      [{ status: 7 }, 'input.status'],
      [{ startDate: '2026-03-10T00:00:00Z', endDate: '2026-03-01T00:00:00Z' }, 'input.endDate'],
      [{ digitalEditionUrl: 'ftp://x' }, 'input.digitalEditionUrl'],
    ];
    const ok = { publicationId: ids.publication, name: 'March 2026', issueDate: '2026-03-01T12:00:00Z', coverImage: '/files/cover.png', startDate: '2026-02-25T00:00:00Z' };
    for (const [patch, field] of refusals) {
      const r = await h.op('createMagazineIssue', { input: { ...ok, ...patch } }, admin);
      expect(r.error?.extensions, field).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect(code(await h.op('createMagazineIssue', { input: ok }, { as: 'alphaEditor' }))).toBe('FORBIDDEN');
    expect(await magazineRows()).toEqual(before);
    const r = await h.op('createMagazineIssue', { input: ok }, admin);
    ids.issue = r.data.createMagazineIssue.id;
    expect(r.data.createMagazineIssue).toMatchObject({ status: 1, startDate: '2026-02-25T00:00:00.000Z', endDate: null, canonicalPath: `/magazine/issue/${ids.issue}/march-2026`, publication: { name: 'Freight Monthly' } });
    expect(h.changes.at(-1)?.change.paths).toEqual([`/magazine/${ids.publication}/freight-monthly`, `/magazine/issue/${ids.issue}/march-2026`]);
  });

  it('places content into the issue\u2019s sections in order, tenant-checked', async () => {
    const wrongContent = await h.op('setMagazineIssuePlacements', { id: ids.issue, placements: [{ sectionId: ids.news, contentId: BETA_ITEM }] }, admin);
    expect(wrongContent.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'placements[0].contentId' });
    const twice = await h.op('setMagazineIssuePlacements', { id: ids.issue, placements: [{ sectionId: ids.news, contentId: ALPHA_ITEMS[0] }, { sectionId: ids.features, contentId: ALPHA_ITEMS[0] }] }, admin);
    expect(twice.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'placements[1].contentId' });
    expect(await h.count('magazine_issue_content')).toBe(0);
    const r = await h.op('setMagazineIssuePlacements', { id: ids.issue, placements: [
      { sectionId: ids.features, contentId: ALPHA_ITEMS[2] }, { sectionId: ids.news, contentId: ALPHA_ITEMS[1] }, { sectionId: ids.news, contentId: ALPHA_ITEMS[0] },
    ] }, admin);
    expect(r.error).toBeUndefined();
    expect(r.data.setMagazineIssuePlacements.placements).toEqual([
      { sectionId: ids.news, contentId: ALPHA_ITEMS[1], position: 0 },
      { sectionId: ids.news, contentId: ALPHA_ITEMS[0], position: 1 },
      { sectionId: ids.features, contentId: ALPHA_ITEMS[2], position: 0 },
    ]);
    expect(h.changes.at(-1)?.change).toMatchObject({ entity: 'magazine', action: 'update', ids: [`issue:${ids.issue}`, ALPHA_ITEMS[1], ALPHA_ITEMS[0], ALPHA_ITEMS[2]] });
  });

  it('lists issues newest first (default limit 13) and reads one; updates keep a diff in history', async () => {
    await h.op('createMagazineIssue', { input: { publicationId: ids.publication, name: 'April 2026', issueDate: '2026-04-01T12:00:00Z', status: 0 } }, admin);
    const all = await h.op('getIssues', { input: { publicationId: ids.publication } }, admin);
    expect(all.data.getIssues.edges.map((e: any) => e.node.name)).toEqual(['April 2026', 'March 2026']);
    const active = await h.op('getIssues', { input: { status: 1 } }, admin);
    expect(active.data.getIssues.edges.map((e: any) => e.node.name)).toEqual(['March 2026']);
    const u = await h.op('updateMagazineIssue', { id: ids.issue, input: { endDate: '2026-06-01T00:00:00Z' } }, admin);
    expect(u.data.updateMagazineIssue.endDate).toBe('2026-06-01T00:00:00.000Z');
    const [row] = await h.store.all<{ changes: string }>(`select changes from history where entity_type = 'magazineIssue' and entity_id = '${ids.issue}' order by id desc limit 1`);
    expect(JSON.parse(row!.changes)).toEqual({ endDate: { from: null, to: Date.parse('2026-06-01T00:00:00Z') } });
    expect((await h.op('getIssue', { id: ids.issue }, { as: 'alphaEditor' })).error).toBeUndefined();
    expect(code(await h.op('getIssue', { id: ids.issue }, { as: 'admin', tenant: 'beta' }))).toBe('NOT_FOUND');
  });
});

describe('layout lookup (admin §2.4): issue and publication pages', () => {
  const lookup = async (alias: string, opts: { preview?: boolean; as?: 'alphaEditor' } = {}) =>
    (await h.op('getWebsiteLayoutPage', { alias, ...(opts.preview ? { preview: true } : {}) }, opts.as ? { as: opts.as } : {})).data.getWebsiteLayoutPage;
  const grid = { rows: [{ settings: { layout: '1' }, columns: [{ blocks: [] }] }] };

  it('resolves a publication path to a page of kind publication with its own layout; a wrong slug redirects 301', async () => {
    const pubPath = `/magazine/${ids.publication}/freight-monthly`;
    expect(await lookup(pubPath)).toBeNull(); // no layout of page type publication yet
    const layout = (await h.op('createLayout', { input: { name: 'Publication pages', type: 'section', pageType: 'publication', primaryGrid: grid } }, admin)).data.createLayout;
    const page = await lookup(`${pubPath}/`);
    expect(page).toMatchObject({ id: layout.id, layoutType: 'section', redirect: null,
      pageData: { type: 'publication', publicationId: ids.publication, issueId: null, contentId: null, name: 'Freight Monthly', canonicalPath: pubPath } });
    expect((await lookup(`/magazine/${ids.publication}/old-name`)).redirect).toEqual({ to: pubPath, code: 301 });
    expect(await lookup(`/magazine/${ids.betaPublication}/beta-quarterly`)).toBeNull();
  });

  it('resolves a live issue to a page of kind issue; an issue off its schedule is found only in staff preview', async () => {
    const layout = (await h.op('createLayout', { input: { name: 'Issue pages', type: 'section', pageType: 'issue', primaryGrid: grid } }, admin)).data.createLayout;
    const issuePath = `/magazine/issue/${ids.issue}/march-2026`;
    // March 2026 ended on 2026-06-01 (set above): off the site, but staff preview sees it
    expect(await lookup(issuePath)).toBeNull();
    expect((await lookup(issuePath, { preview: true, as: 'alphaEditor' })).pageData).toMatchObject({ type: 'issue', issueId: ids.issue });
    await h.op('updateMagazineIssue', { id: ids.issue, input: { endDate: null } }, admin);
    const page = await lookup(issuePath);
    expect(page).toMatchObject({ id: layout.id, pageData: { type: 'issue', issueId: ids.issue, publicationId: ids.publication, name: 'March 2026', canonicalPath: issuePath } });
    expect((await lookup(`/magazine/issue/${ids.issue}`)).redirect).toEqual({ to: issuePath, code: 301 });
    const april = (await h.op('getIssues', { input: { status: 0 } }, admin)).data.getIssues.edges[0].node;
    expect(await lookup(april.canonicalPath)).toBeNull(); // inactive
  });

  it('takes an issue list block only for a publication of the tenant, naming the field', async () => {
    const block = (publicationId: number) => ({ rows: [{ settings: { layout: '1' }, columns: [{ blocks: [{ id: 'issues', type: 'issue_list', data: { publicationId, display: 'grid' } }] }] }] });
    const stolen = await h.op('createLayout', { input: { name: 'Issues', type: 'section', sectionIds: [101], primaryGrid: block(ids.betaPublication) } }, admin);
    expect(stolen.error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'primaryGrid.rows[0].columns[0].blocks[0].data.publicationId' });
    expect(stolen.error?.message).toContain(`Unknown publication ${ids.betaPublication}`);
    const ok = await h.op('createLayout', { input: { name: 'Issues', type: 'section', sectionIds: [101], primaryGrid: block(ids.publication) } }, admin);
    expect(ok.error).toBeUndefined();
  });
});

describe('print export', () => {
  it('downloads the issue\u2019s zip (manage_print_export): every story as well-formed ICML, and a manifest', async () => {
    expect(code(await h.op('exportIssueForPrint', { issueId: ids.issue }, { as: 'alphaViewer' }))).toBe('FORBIDDEN');
    expect(code(await h.op('exportIssueForPrint', { issueId: ids.issue }, { as: 'betaEditor', tenant: 'beta' }))).toBe('NOT_FOUND');
    const r = await h.op('exportIssueForPrint', { issueId: ids.issue }, { as: 'alphaEditor' });
    expect(r.error).toBeUndefined();
    const out = r.data.exportIssueForPrint;
    expect(out).toMatchObject({ contentType: 'application/zip', stories: 3, filename: 'freight-monthly-march-2026-print.zip' });
    const files = unzipSync(Buffer.from(out.base64, 'base64'));
    const stories = Object.keys(files).filter((f) => f.endsWith('.icml'));
    expect(stories).toHaveLength(3);
    for (const f of stories) {
      const text = strFromU8(files[f]!);
      expect(XMLValidator.validate(text), f).toBe(true);
      expect(new XMLParser().parse(text).Document).toBeDefined();
    }
    const manifest = JSON.parse(strFromU8(files['manifest.json']!));
    expect(manifest.sections.map((s: any) => [s.name, s.stories.map((x: any) => x.contentId)])).toEqual([['News', [ALPHA_ITEMS[1], ALPHA_ITEMS[0]]], ['Features', [ALPHA_ITEMS[2]]]]);
  });
});

describe('print export by website section and date range', () => {
  const run = (v: Record<string, unknown>, as: 'alphaEditor' | 'alphaViewer' = 'alphaEditor') => h.op('exportSectionsForPrint', v, { as });

  it('packages the items published in a section and the sections below it, grouped by section, as the issue package is', async () => {
    expect(code(await run({ sectionId: 103, from: '2026-10-02', to: '2026-10-05' }, 'alphaViewer'))).toBe('FORBIDDEN');
    const r = await run({ sectionId: 103, from: '2026-10-02', to: '2026-10-05' });
    expect(r.error).toBeUndefined();
    const out = r.data.exportSectionsForPrint;
    // Fixture: item i (1-based) is published on October i, in Ocean Freight (103) when i is odd, Spot Rates (104, below 103) when even.
    expect(out).toMatchObject({ contentType: 'application/zip', stories: 4, filename: 'alpha-ocean-freight-2026-10-02-2026-10-05-print.zip' });
    const files = unzipSync(Buffer.from(out.base64, 'base64'));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!));
    expect(manifest.issue).toMatchObject({ id: 0, name: 'Ocean Freight, 2026-10-02 to 2026-10-05', issueDate: '2026-10-05' });
    const bySection = Object.fromEntries(manifest.sections.map((s: any) => [s.name, s.stories.map((x: any) => x.contentId)]));
    expect(bySection).toEqual({ 'Ocean Freight': [10_010_003, 10_010_005], 'Spot Rates': [10_010_002, 10_010_004] });
    for (const s of manifest.sections) for (const story of s.stories) {
      const text = strFromU8(files[story.file]!);
      expect(XMLValidator.validate(text), story.file).toBe(true);
      for (const img of story.images) expect(files[img.file]?.length, img.file).toBeGreaterThan(0);
    }
    const leaf = (await run({ sectionId: 104, from: '2026-10-02', to: '2026-10-05' })).data.exportSectionsForPrint;
    expect(leaf.stories).toBe(2);
    // Every section, a draft's day only: nothing published.
    expect((await run({ from: '2026-10-12', to: '2026-10-12' })).data.exportSectionsForPrint).toMatchObject({ stories: 0, filename: 'alpha-all-sections-2026-10-12-2026-10-12-print.zip' });
  });

  it('names the field of a bad range or another site\'s section', async () => {
    const field = (r: GqlResponse) => [r.error?.extensions.code, r.error?.extensions.field];
    expect(field(await run({ from: '2026-10-05', to: '2026-10-01' }))).toEqual(['BAD_USER_INPUT', 'to']);
    expect(field(await run({ from: '2026-13-01', to: '2026-10-01' }))).toEqual(['BAD_USER_INPUT', 'from']);
    expect(field(await run({ from: '2024-01-01', to: '2026-10-01' }))).toEqual(['BAD_USER_INPUT', 'to']);
    expect(field(await run({ sectionId: 203, from: '2026-10-01', to: '2026-10-05' }))).toEqual(['BAD_USER_INPUT', 'sectionId']);
  });
});

describe('deletes', () => {
  it('deleting a section drops its placements; deleting the publication drops its issues and sections', async () => {
    expect(code(await h.op('deleteMagazineSection', { id: ids.features }, { as: 'alphaEditor' }))).toBe('FORBIDDEN');
    expect((await h.op('deleteMagazineSection', { id: ids.features }, admin)).data.deleteMagazineSection.ok).toBe(true);
    expect((await h.op('getIssue', { id: ids.issue }, admin)).data.getIssue.placements.map((p: any) => p.contentId)).toEqual([ALPHA_ITEMS[1], ALPHA_ITEMS[0]]);
    expect((await h.op('deleteMagazinePublication', { id: ids.publication }, admin)).data.deleteMagazinePublication.ok).toBe(true);
    expect(code(await h.op('getIssue', { id: ids.issue }, admin))).toBe('NOT_FOUND');
    expect(await h.store.all(`select id from magazine_sections where publication_id = ${ids.publication}`)).toEqual([]);
    expect(await h.count('magazine_issue_content')).toBe(0);
  });
});
