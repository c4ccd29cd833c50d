// Signed draft previews and the staff toolbar's site session, through the real app (inject).
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTokens } from '../../engine/services/auth/sessions';
import { PREVIEW_EXPIRED, PREVIEW_INVALID, STAFF_PASS_INVALID } from '../../api/preview/routes';
import { STAFF_SITE_COOKIE } from '../../api/auth/staff-site';
import { runBuild } from '../../engine/build/index';
import { startApi, USERS, type Harness } from './api-harness';
import { setTenantSetting } from '../helpers/tenant-settings';

const DRAFT = 10_010_012; // alpha's status-2 item in the fixture set
const DRAFT_NAME = 'Carriers adjust capacity on lane 12';
const BETA_ITEM = 10_020_001;
let clock = Date.now();
let h: Harness;

beforeAll(async () => {
  h = await startApi({ now: () => clock, responseCacheTtlMs: 0 });
  // A tag-manager id, so the preview's lack of tracking metadata means something.
  await setTenantSetting(h.store, 'alpha', 'general.tagManagerId', 'GTM-ABC123');
});
afterAll(async () => h?.close());

async function previewLink(as: 'alphaEditor' | 'betaEditor' = 'alphaEditor', id = DRAFT) {
  return h.op('createContentPreviewLink', { id }, { as });
}
const get = (url: string, host: string, cookie?: string) =>
  h.app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } });

function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: false }).map(String).sort()
    .map((f) => `${f}:${statSync(join(dir, f)).mtimeMs}`);
}

describe('signed preview links', () => {
  it('render the draft with the site components, uncached, unindexed, without toolbar or tracking', async () => {
    const r = await previewLink();
    expect(r.error).toBeUndefined();
    const link = r.data.createContentPreviewLink;
    expect(link.path).toMatch(/^\/__preview\/content\/10010012\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(link.expiresAt) - clock).toBe(3_600_000);

    const res = await get(link.path, 'alpha.localhost');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    const $ = load(res.body);
    expect($('h1').text()).toBe(DRAFT_NAME);
    expect($('main').text()).toContain('Carriers are trimming sailings.');
    expect($('meta[name="robots"]').attr('content')).toContain('noindex');
    expect($('header').length).toBeGreaterThan(0);
    expect($('link[rel="stylesheet"]').attr('href')).toMatch(/^\/assets\/site\.[0-9a-f]{12}\.css$/);
    expect($('[data-island="staff-toolbar"]').length).toBe(0);
    expect($('meta[name="masthead-tag-manager"]').length).toBe(0);
    expect($('.preview-banner').text()).toContain('Preview');
  });

  it('answer 403 to a tampered or foreign link, and to an expired one', async () => {
    const link = (await previewLink()).data.createContentPreviewLink as { path: string };
    const sig = new URL(link.path, 'http://x').searchParams.get('sig')!;
    const tampered = [
      link.path.replace(/sig=[^&]+/, `sig=${sig.slice(0, -2)}AA`),
      link.path.replace('10010012', '10010011'),
      link.path.replace(/exp=(\d+)/, (_m, e: string) => `exp=${Number(e) + 86_400_000}`),
      link.path.replace(/&sig=.*/, ''),
    ];
    for (const url of tampered) {
      const res = await get(url, 'alpha.localhost');
      expect(res.statusCode, url).toBe(403);
      expect(load(res.body)('p').first().text()).toBe(PREVIEW_INVALID);
      expect(res.body).not.toContain(DRAFT_NAME);
    }
    // The tenant is the host's: alpha's link opened on beta's site is refused.
    const foreign = await get(link.path, 'beta.localhost');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain(DRAFT_NAME);

    clock += 3_600_001;
    try {
      const late = await get(link.path, 'alpha.localhost');
      expect(late.statusCode).toBe(403);
      expect(load(late.body)('p').first().text()).toBe(PREVIEW_EXPIRED);
    } finally {
      clock -= 3_600_001;
    }
  });

  it('are only issued to staff with manage_content on the tenant, for its own items', async () => {
    expect((await h.op('createContentPreviewLink', { id: DRAFT })).error?.extensions.code).toBe('UNAUTHENTICATED');
    expect((await previewLink('betaEditor')).error?.extensions.code).toBe('FORBIDDEN');
    expect((await h.op('createContentPreviewLink', { id: DRAFT }, { as: 'alphaViewer' })).error?.extensions.code).toBe('FORBIDDEN');
    expect((await previewLink('alphaEditor', BETA_ITEM)).error?.extensions.code).toBe('NOT_FOUND');
    const bad = await previewLink('alphaEditor', 123);
    expect(bad.error?.extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.error?.extensions.field).toBe('id');
  });

  it('never write to the build output', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'masthead-preview-out-'));
    await runBuild(h.store, { outDir, tenants: ['alpha'], workers: 1, originTemplate: 'http://{key}.localhost' });
    const before = tree(outDir);
    const link = (await previewLink()).data.createContentPreviewLink as { path: string };
    expect((await get(link.path, 'alpha.localhost')).statusCode).toBe(200);
    expect(tree(outDir)).toEqual(before);
    expect(before.some((f) => f.includes('10010012'))).toBe(false);
    // The published pages do carry the tracking metadata the preview leaves out.
    const live = load(readFileSync(join(outDir, 'alpha', 'index.html'), 'utf8'));
    expect(live('meta[name="masthead-tag-manager"]').attr('content')).toBe('GTM-ABC123');
    expect(live('[data-island="staff-toolbar"]').length).toBe(1);
  });
});

describe('staff toolbar session on the site', () => {
  const ADMIN = 'http://localhost:4000';

  async function enter(user: keyof typeof USERS, host = 'alpha.localhost') {
    const pair = await issueTokens(h.store.db, h.app.api.services, USERS[user].id);
    const auth = { authorization: `Bearer ${pair.bearerToken}`, host: 'localhost:4000' };
    const r = await h.op('createStaffSiteLink', { path: '/markets', adminOrigin: ADMIN }, { headers: auth });
    expect(r.error).toBeUndefined();
    const res = await get(r.data.createStaffSiteLink.path, host);
    return { pair, auth, res, path: r.data.createStaffSiteLink.path as string };
  }
  const cookieOf = (res: { headers: Record<string, unknown> }) => {
    const set = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
    return set.find((c) => c.startsWith(`${STAFF_SITE_COOKIE}=`));
  };
  const toolbar = (cookie: string | undefined, tenant = 'alpha', ids = { contentId: 10_010_001, sectionId: 103, layoutId: 1 }) =>
    h.op('getStaffToolbar', ids, { tenant, headers: { host: `${tenant}.localhost`, ...(cookie ? { cookie } : {}) } });

  it('a pass sets an HttpOnly site cookie and lands on the path; the toolbar then follows the permissions', async () => {
    const { res } = await enter('alphaEditor');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/markets');
    const set = cookieOf(res)!;
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    const cookie = set.split(';')[0]!;
    const editor = (await toolbar(cookie)).data.getStaffToolbar;
    expect(editor).toEqual({
      username: 'alpha.editor', editContentHref: `${ADMIN}/admin/edit-content/10010001`, editSectionHref: null, configureLayoutHref: null,
    });

    const admin = cookieOf((await enter('alphaAdmin')).res)!.split(';')[0]!;
    const all = (await toolbar(admin)).data.getStaffToolbar;
    expect(all.editContentHref).toBe(`${ADMIN}/admin/edit-content/10010001`);
    expect(all.editSectionHref).toBe(`${ADMIN}/admin/edit-website-section/103`);
    expect(all.configureLayoutHref).toBe(`${ADMIN}/admin/edit-web-layout/1`);
    // No contentId on the page: no Edit Content.
    expect((await toolbar(admin, 'alpha', { contentId: null, sectionId: 103, layoutId: 1 } as never)).data.getStaffToolbar.editContentHref).toBeNull();
  });

  it('readers, other tenants, forged cookies and ended sessions get no toolbar', async () => {
    expect((await toolbar(undefined)).data.getStaffToolbar).toBeNull();
    const { pair, auth, res } = await enter('alphaEditor');
    const cookie = cookieOf(res)!.split(';')[0]!;
    expect((await toolbar(cookie, 'beta')).data.getStaffToolbar).toBeNull();
    expect((await toolbar(`${cookie.slice(0, -3)}abc`)).data.getStaffToolbar).toBeNull();
    expect((await toolbar(cookie)).data.getStaffToolbar).not.toBeNull();
    await h.op('logoutCmsUser', { refreshToken: pair.refreshToken }, { headers: auth });
    expect((await toolbar(cookie)).data.getStaffToolbar).toBeNull();
  });

  it('a pass works once, only on its tenant, and only for the admin origin it was asked from', async () => {
    const first = await enter('alphaEditor');
    const again = await get(first.path, 'alpha.localhost');
    expect(again.statusCode).toBe(403);
    expect(load(again.body)('p').first().text()).toBe(STAFF_PASS_INVALID);
    expect(cookieOf(again)).toBeUndefined();

    const elsewhere = await enter('alphaEditor', 'beta.localhost');
    expect(elsewhere.res.statusCode).toBe(403);

    const pair = await issueTokens(h.store.db, h.app.api.services, USERS.alphaEditor.id);
    const r = await h.op('createStaffSiteLink', { path: '/', adminOrigin: 'https://evil.example' },
      { headers: { authorization: `Bearer ${pair.bearerToken}`, host: 'localhost:4000' } });
    expect(r.error?.extensions.code).toBe('BAD_USER_INPUT');
    expect(r.error?.extensions.field).toBe('adminOrigin');
    expect((await h.op('createStaffSiteLink', { path: '/' })).error?.extensions.code).toBe('UNAUTHENTICATED');
    expect((await h.op('createStaffSiteLink', { path: '/' }, { as: 'betaEditor' })).error?.extensions.code).toBe('FORBIDDEN');
  });
});
