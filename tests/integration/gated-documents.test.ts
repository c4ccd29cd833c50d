// Gated documents (issue 17): a document download block marked gated names a PDF that the build
// never writes (so no CDN ever holds it) and that GET /api/documents/:id streams only to a reader
// who passes its gate: 401 anonymous, 403 a member without the membership, the file (PDF type,
// attachment) to a member holding it; another tenant and public documents are 404. The pages
// carrying it (and an inquiry form) pass html-validate.
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../../engine/build/index';
import { pageProblems } from './build-quality';
import { ALPHA, startMembers, type MemberHarness } from './members-harness';
import { setTenantSetting } from '../helpers/tenant-settings';

const GATED = 180;
const PUBLIC = 181;
const GATED_PDF = Buffer.from('%PDF-1.4\n% gated rate outlook\n%%EOF\n');
const PUBLIC_PDF = Buffer.from('%PDF-1.4\n% public brochure\n%%EOF\n');
const SECTION_LAYOUT = 170;

let h: MemberHarness;
let out: string;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? filesUnder(join(dir, n)) : [join(dir, n)]));
}

beforeAll(async () => {
  h = await startMembers();
  const add = (id: number, path: string, data: Buffer, alt: string) => h.store.run(
    "insert into assets (id, tenant_key, path, mime_type, alt, width, height, data, sha256) values (?, 'alpha', ?, 'application/pdf', ?, 0, 0, ?, ?)",
    [id, path, alt, data, `sha-${id}`],
  );
  await add(GATED, '/files/alpha/rate-outlook.pdf', GATED_PDF, 'Rate Outlook 2027');
  await add(PUBLIC, '/files/alpha/brochure.pdf', PUBLIC_PDF, 'Brochure');
  const grid = { rows: [{ settings: { layout: '1', width: 'site-width' }, columns: [{ blocks: [
    { id: 'list', type: 'content_list', settings: {}, data: { section: 'current', limit: 10 } },
    { id: 'gated-doc', type: 'document_download', settings: {}, data: { assetId: GATED, gated: true, membershipIds: [ALPHA.pro] } },
    { id: 'public-doc', type: 'document_download', settings: {}, data: { assetId: PUBLIC } },
    { id: 'rmi', type: 'inquiry_form', settings: { title: 'Ask the team' }, data: {} },
  ] }] }] };
  await h.store.run('update layouts set primary_grid = ? where id = ?', [JSON.stringify(grid), SECTION_LAYOUT]);
  await setTenantSetting(h.store, 'alpha', 'rmi', { enabled: true, contactEmail: 'sales@alpha.example' });
  out = mkdtempSync(join(tmpdir(), 'masthead-gated-docs-'));
  await runBuild(h.store, { outDir: out, tenants: ['alpha'], workers: 1, originTemplate: 'http://{key}.localhost', clientDir: null });
}, 120_000);
afterAll(async () => { await h?.close(); });

const get = (id: number | string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url: `/api/documents/${id}`, headers: { 'x-tenant-key': 'alpha', ...headers } });

describe('gated documents', () => {
  it('the build writes the public document but not the gated one, and links the gated one to the API', () => {
    const files = filesUnder(out);
    expect(files.some((f) => f.endsWith('brochure.pdf'))).toBe(true);
    expect(files.filter((f) => f.endsWith('rate-outlook.pdf'))).toEqual([]);
    // Nowhere in the output, under any name: no file holds the gated bytes.
    expect(files.filter((f) => readFileSync(f).includes('gated rate outlook'))).toEqual([]);
    const pages = files.filter((f) => f.endsWith('.html')).map((f) => readFileSync(f, 'utf8'));
    const withLink = pages.filter((p) => p.includes(`href="/api/documents/${GATED}"`));
    expect(withLink.length).toBeGreaterThan(0);
    expect(withLink[0]).toContain('members only');
    expect(pages.some((p) => p.includes('/files/alpha/rate-outlook.pdf'))).toBe(false);
    expect(existsSync(join(out, 'alpha'))).toBe(true);
  });

  it('pages with the gated document and the inquiry form pass html-validate', async () => {
    const site = join(out, 'alpha');
    const pages = filesUnder(site).filter((f) => f.endsWith('.html') && readFileSync(f, 'utf8').includes(`/api/documents/${GATED}`));
    expect(pages.length).toBeGreaterThan(0);
    expect(readFileSync(pages[0]!, 'utf8')).toContain('data-island="inquiry-form"');
    expect(await pageProblems(site, pages.slice(0, 3).map((f) => relative(site, f)))).toEqual([]);
  });

  it('serves the file only to a member who holds the document’s membership', async () => {
    const anonymous = await get(GATED);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/json/);
    expect(anonymous.body).not.toContain('gated rate outlook');

    await h.member('free@example.com', { memberships: [ALPHA.insider] });
    const free = await h.login('free@example.com');
    const refused = await get(GATED, { 'x-site-user': `Bearer ${free}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('gated rate outlook');

    await h.member('pro@example.com', { memberships: [ALPHA.pro] });
    const pro = await h.login('pro@example.com');
    const ok = await get(GATED, { 'x-site-user': `Bearer ${pro}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['content-disposition']).toBe('attachment; filename="rate-outlook.pdf"');
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.rawPayload.equals(GATED_PDF)).toBe(true);
  });

  it('takes the member cookie only from the same origin', async () => {
    await h.member('pro3@example.com', { memberships: [ALPHA.pro] });
    const cookie = `mh_member=${await h.login('pro3@example.com')}`;
    const crossSite = await get(GATED, { cookie, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.body).not.toContain('gated rate outlook');
    expect((await get(GATED, { cookie, origin: 'http://evil.example' })).statusCode).toBe(403);
    const sameOrigin = await get(GATED, { cookie, 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode).toBe(200);
    expect(sameOrigin.rawPayload.equals(GATED_PDF)).toBe(true);
  });

  it('is tenant-checked and serves only gated PDFs', async () => {
    await h.member('pro2@example.com', { memberships: [ALPHA.pro] });
    const pro = await h.login('pro2@example.com');
    // Another tenant's host: its session is no session there, and the asset is not its own.
    const beta = await get(GATED, { 'x-tenant-key': 'beta', 'x-site-user': `Bearer ${pro}` });
    expect(beta.statusCode).toBe(404);
    expect((await get(PUBLIC, { 'x-site-user': `Bearer ${pro}` })).statusCode).toBe(404);
    expect((await get(999999, { 'x-site-user': `Bearer ${pro}` })).statusCode).toBe(404);
    expect((await get('abc')).statusCode).toBe(404);
  });
});
