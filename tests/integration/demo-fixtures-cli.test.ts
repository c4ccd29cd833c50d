// The demo fixture set alone gives the full demo: `masthead seed fixtures/demo` then `masthead
// build`, run as the real CLI in child processes, publish every brand's newsletter pages
// (/newsletter/<campaign> and /latest-newsletter/<template>), and the FreightWise promotion
// redirects to a page the demo has.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const TENANTS = ['freightwise', 'plantpulse', 'shelfline'];
const dir = mkdtempSync(join(tmpdir(), 'masthead-demo-cli-'));
const out = join(dir, 'o');

const json = <T>(tenant: string, file: string) => JSON.parse(readFileSync(join('fixtures/demo/tenants', tenant, file), 'utf8')) as T;
const fixture = (tenant: string, file: string) => json<Record<string, unknown>[]>(tenant, file);
const page = (tenant: string, path: string) => load(readFileSync(join(out, tenant, path, 'index.html'), 'utf8'));

beforeAll(async () => {
  const db = join(dir, 'x.sqlite');
  await exec(process.execPath, ['bin/masthead.js', 'seed', 'fixtures/demo', '--no-photos', '--db', db]);
  await exec(process.execPath, ['bin/masthead.js', 'build', '--db', db, '--out', out], { maxBuffer: 16 * 1024 * 1024 });
}, 600_000);
afterAll(() => { rmSync(dir, { recursive: true, force: true }); });

describe('masthead seed fixtures/demo && masthead build', () => {
  it('publishes each brand\'s sent campaign and its template\'s latest issue, with stories and ads', () => {
    for (const tenant of TENANTS) {
      const site = json<{ settings: { general: { siteName: string } } }>(tenant, 'tenant.json').settings.general.siteName;
      const [template] = fixture(tenant, 'newsletter-templates.json');
      const campaigns = fixture(tenant, 'newsletter-campaigns.json');
      const sent = campaigns.find((c) => c.audienceStatus === 'Sent')!;
      const draft = campaigns.find((c) => c.audienceStatus === 'Draft')!;
      const issue = page(tenant, `newsletter/${String(sent.id)}`);
      expect(issue('title').text(), tenant).toContain(site);
      expect(issue('[class*="nl-item-"]').length, tenant).toBeGreaterThanOrEqual(3);
      expect(issue('a[href]').length, tenant).toBeGreaterThan(10);
      const latest = page(tenant, `latest-newsletter/${String(template!.id)}`);
      expect(latest('[class*="nl-item-"]').map((_, e) => latest(e).text()).get(), tenant)
        .toEqual(issue('[class*="nl-item-"]').map((_, e) => issue(e).text()).get());
      expect(existsSync(join(out, tenant, 'newsletter', String(draft.id))), `${tenant} draft`).toBe(false);
    }
  });

  it('redirects the FreightWise Pro promotion to the demo\'s own Pro signup page', () => {
    const promo = json<{ id: number; type: string; linkUrl?: string }[]>('freightwise', 'content/other.json')
      .find((c) => c.type === 'Promotion' && c.linkUrl?.includes('/pro'))!;
    const line = readFileSync(join(out, 'freightwise', '_redirects'), 'utf8').split('\n').find((l) => l.startsWith(`/${promo.id} `))!;
    const target = new URL(line.split(/\s+/)[1]!);
    expect(target.hostname).toBe('freightwise.localhost');
    expect(existsSync(join(out, 'freightwise', target.pathname, 'index.html')), target.pathname).toBe(true);
    expect(page('freightwise', target.pathname)('title').text()).not.toBe('');
  });
});
