// The admin's imports over real loopback HTTP (issue 36): POST /api/imports uploads an export; a dry
// run answers the importer's report and writes no content; a real run works in the background, its
// progress and report land in the import's record, and the tenant's rebuild is requested; a file
// that is not an export of the chosen kind, a user without the permission and another tenant's
// staff are refused with nothing written.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type UserKey } from './api-harness';

const FIXTURES = new URL('../fixtures/import/', import.meta.url);
let h: Harness;
let base: string;

beforeAll(async () => {
  h = await startApi({ imports: { dryRunWaitMs: 30_000, uploadLimit: { max: 12, windowMs: 60_000 } } });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => { await h?.close(); });

interface Sent { file?: string; name?: string; query?: string; as?: UserKey; tenant?: string }
type Body = { import?: Record<string, any>; imports?: Record<string, any>[]; errors?: { message: string; extensions: Record<string, unknown> }[] };

async function headers(as: UserKey, tenant: string) {
  return { 'x-tenant-key': tenant, authorization: `Bearer ${await h.token(as)}` };
}

async function upload(o: Sent): Promise<{ status: number; body: Body }> {
  const form = new FormData();
  const bytes = await readFile(new URL(o.file ?? 'wxr-ids-and-dates.xml', FIXTURES));
  form.append('file', new Blob([new Uint8Array(bytes)]), o.name ?? o.file ?? 'wxr-ids-and-dates.xml');
  const r = await fetch(`${base}/api/imports${o.query ?? '?kind=wordpress&dryRun=true'}`, { method: 'POST', body: form, headers: await headers(o.as ?? 'alphaAdmin', o.tenant ?? 'alpha') });
  return { status: r.status, body: await r.json() as Body };
}

async function get(path: string, as: UserKey = 'alphaAdmin', tenant = 'alpha'): Promise<{ status: number; body: Body }> {
  const r = await fetch(`${base}${path}`, { headers: await headers(as, tenant) });
  return { status: r.status, body: await r.json() as Body };
}

async function until(id: number): Promise<Record<string, any>> {
  for (let i = 0; i < 200; i += 1) {
    const r = await get(`/api/imports/${id}`);
    if (r.body.import?.status !== 'running') return r.body.import!;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`import ${id} still running`);
}

describe('POST /api/imports', () => {
  it('answers a dry run with the report (counts, skipped items with line and reason, warnings) and writes no content', async () => {
    const before = { content: await h.count('content'), sections: await h.count('website_sections'), redirects: await h.count('redirects') };
    const r = await upload({});
    expect(r.status).toBe(200);
    const job = r.body.import!;
    expect(job).toMatchObject({ kind: 'wordpress', kindLabel: 'WordPress export (WXR)', dryRun: true, status: 'done', fileName: 'wxr-ids-and-dates.xml', user: { name: 'alpha.admin' } });
    expect(job.report.counts.created.content).toBe(5);
    expect(job.report.skipped).toEqual(expect.arrayContaining([
      expect.objectContaining({ line: 67, reason: expect.stringContaining('wp:post_id must be a whole number') }),
      expect.objectContaining({ line: 77, reason: expect.stringContaining('not a date') }),
    ]));
    expect(job.report.warnings).toMatchObject({ 'post-id-missing': 2 });
    expect(job.report.file).toBe('wxr-ids-and-dates.xml');
    expect(job.summary).toMatchObject({ skipped: 2 });
    expect({ content: await h.count('content'), sections: await h.count('website_sections'), redirects: await h.count('redirects') }).toEqual(before);
    expect(h.changes.filter((c) => c.change.entity === 'full')).toEqual([]);
  });

  it('runs a real import in the background: progress, then the report, the content, a history row and the tenant\'s rebuild', async () => {
    const content = await h.count('content');
    const r = await upload({ query: '?kind=auto&dryRun=false' });
    expect(r.status).toBe(202);
    expect(r.body.import).toMatchObject({ kind: 'wordpress', dryRun: false, status: 'running' });
    const done = await until(r.body.import!.id);
    expect(done).toMatchObject({ status: 'done', error: null, progress: { phase: 'done' } });
    expect(done.report.counts.created.content).toBe(5);
    expect(await h.count('content')).toBe(content + 5);
    const [row] = await h.store.all<{ n: number }>("select count(*) as n from history where tenant_key = 'alpha' and entity_type = 'import' and entity_id = ?", [String(done.id)]);
    expect(row?.n).toBe(1);
    expect(h.changes).toContainEqual({ tenantKey: 'alpha', change: { entity: 'full', action: 'update', ids: [] } });

    const list = await get('/api/imports');
    expect(list.status).toBe(200);
    const ids = list.body.imports!.map((i) => i.id);
    expect(ids[0]).toBe(done.id);
    expect(list.body.imports![0]).toMatchObject({ dryRun: false, status: 'done', fileName: 'wxr-ids-and-dates.xml', fileSize: expect.any(Number), summary: { created: expect.any(Number), skipped: 2 } });
    expect(list.body.imports!.some((i) => i.dryRun === true)).toBe(true);
  });

  it('refuses a file that is not an export of the chosen kind, naming the file and the kind, with nothing written', async () => {
    const before = { jobs: await h.count('import_jobs'), content: await h.count('content') };
    const r = await upload({ file: 'ghost-5-lexical.json', query: '?kind=wordpress&dryRun=false' });
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'file' });
    expect(r.body.errors?.[0]?.message).toMatch(/"ghost-5-lexical\.json" is not a WordPress export \(WXR\): it is a Ghost JSON export/);
    const page = await upload({ file: 'not-an-export.html', query: '?kind=auto&dryRun=true' });
    expect(page.status).toBe(400);
    expect(page.body.errors?.[0]?.message).toMatch(/"not-an-export\.html" is not an export Masthead can import: it is an HTML page/);
    const kind = await upload({ query: '?kind=drupal' });
    expect(kind.status).toBe(400);
    expect(kind.body.errors?.[0]?.message).toMatch(/^kind: "drupal" is not a kind of export/);
    expect({ jobs: await h.count('import_jobs'), content: await h.count('content') }).toEqual(before);
  });

  it('passes the newsletter on to a Ghost members import: one the site does not have fails the run, named, with nothing written', async () => {
    const users = await h.count('site_users');
    const r = await upload({ file: 'ghost-members.csv', query: `?kind=auto&dryRun=false&newsletter=${encodeURIComponent('No such list')}` });
    expect(r.status).toBe(202);
    expect(r.body.import).toMatchObject({ kind: 'ghost-members', kindLabel: 'Ghost members CSV' });
    const done = await until(r.body.import!.id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^newsletter: no newsletter "No such list" on alpha .*nothing was written/);
    expect(await h.count('site_users')).toBe(users);
  });

  it('refuses staff without bulk_update_content, and a Ghost members CSV to staff without manage_site_users', async () => {
    const jobs = await h.count('import_jobs');
    const r = await upload({ as: 'alphaEditor' });
    expect(r.status).toBe(403);
    expect((await get('/api/imports', 'alphaEditor')).status).toBe(403);
    expect((await get('/api/imports', 'alphaViewer')).status).toBe(403);
    const unsigned = await fetch(`${base}/api/imports`, { headers: { 'x-tenant-key': 'alpha' } });
    expect(unsigned.status).toBe(401);
    expect(await h.count('import_jobs')).toBe(jobs);
  });

  it('keeps every tenant\'s imports to itself', async () => {
    const mine = (await get('/api/imports')).body.imports!;
    expect(mine.length).toBeGreaterThan(0);
    // alpha's site admin is not in beta's scope.
    expect((await get('/api/imports', 'alphaAdmin', 'beta')).status).toBe(403);
    expect((await upload({ tenant: 'beta' })).status).toBe(403);
    // Global staff looking at beta see none of alpha's imports, and cannot open one by id there.
    expect((await get('/api/imports', 'admin', 'beta')).body.imports).toEqual([]);
    const other = await get(`/api/imports/${mine[0]!.id}`, 'admin', 'beta');
    expect(other.status).toBe(404);
  });

  it('counts uploads against a per-user limit (429 with Retry-After)', async () => {
    let last = { status: 0, body: {} as Body };
    for (let i = 0; i < 12 && last.status !== 429; i += 1) last = await upload({ file: 'not-an-export.html', query: '?kind=auto' });
    expect(last.status).toBe(429);
    expect(last.body.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
