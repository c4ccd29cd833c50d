// Throwaway: a demo database with 60 days of synthetic FreightWise traffic, `masthead serve`, and screenshots of report screens.
import { spawn, spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { ensureAdminBuilt } from './tests/e2e/helpers/build-admin';
import { openStore, rawOf } from './engine/store/connection';
import { appendEvents, rollupEvents, type EventRow } from './engine/store/queries/events';
import { addDays, REPORT_DEFINITIONS } from './engine/domain/reports';
import { REGISTRATION_STEPS } from './engine/domain/events';

const D = '/tmp/shot/db.sqlite', OUT = '/tmp/shot/out', PORT = 4817;
const bin = 'bin/masthead.js';
await ensureAdminBuilt();
for (const args of [['seed', 'fixtures/demo'], ['build', '--out', OUT, '--origin-template', `http://{key}.localhost:${PORT}`]]) {
  const r = spawnSync(process.execPath, [bin, '--db', D, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr || r.stdout);
}
const store = await openStore({ path: D });
const ids = (await rawOf(store.db).all<{ id: number }>("select id from content where tenant_key = 'freightwise' and status = 1 and type <> 'Company'")).map((r) => Number(r.id));
const nl = (await rawOf(store.db).all<{ id: number }>("select id from newsletters where tenant_key = 'freightwise'")).map((r) => Number(r.id));
let seed = 7;
const r = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
const today = new Date().toISOString().slice(0, 10);
const rows: EventRow[] = [];
for (let d = 59; d >= 0; d--) {
  const day = addDays(today, -d);
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  const volume = Math.round((dow === 0 || dow === 6 ? 90 : 180) * (1 + (59 - d) / 90) * (0.85 + r() * 0.3));
  const ev = (type: string, o: Partial<EventRow>) => rows.push({ tenantKey: 'freightwise', day, at: Date.parse(`${day}T08:00:00Z`) + Math.floor(r() * 50_000_000), type, visitor: `v${Math.floor(r() * 400)}`, siteUserId: null, net: null, contentId: null, sectionId: null, companyId: null, newsletterId: null, pageId: null, target: null, data: '{}', ...o });
  for (let i = 0; i < volume; i++) ev('PageView', { contentId: ids[Math.floor(r() ** 2.2 * ids.length)]! });
  const funnel = [40, 22, 14, 11, 8];
  const steps = [['click-join-header', 'click-join-footer'], ['choose-membership'], ['submit-registration'], ['complete-registration'], ['confirm-email']];
  funnel.forEach((n, i) => { for (let k = 0; k < Math.round(n * (0.7 + r() * 0.6) / 4); k++) ev('Registration', { target: steps[i]![Math.floor(r() * steps[i]!.length)]! }); });
  for (let k = 0; k < 6; k++) ev('Registration', { target: 'login' });
  for (let k = 0; k < 3; k++) ev('NewsletterSubscription', { newsletterId: nl[Math.floor(r() * nl.length)]! });
}
void REGISTRATION_STEPS;
await store.transaction((tx) => appendEvents(tx, rows));
await rollupEvents(store, Date.now());
await store.close();
const child = spawn(process.execPath, [bin, '--db', D, 'serve', '--port', String(PORT), '--out', OUT, '--no-captcha'], { stdio: 'inherit' });
await new Promise((ok) => setTimeout(ok, 4000));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1360, height: 1180 } });
await page.goto(`http://localhost:${PORT}/admin/login`);
await page.getByLabel('Username').fill('admin');
await page.getByLabel('Password').fill('masthead-demo-admin');
await page.getByRole('button', { name: /sign in/i }).click();
await page.waitForURL(/\/admin\/?$/);
for (const id of ['content-views', 'registrations']) {
  const def = REPORT_DEFINITIONS.find((x) => x.id === id)!;
  await page.goto(`http://localhost:${PORT}/admin${def.path}`);
  await page.locator('[data-testid="report-chart"] svg').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shot/${id}.png` });
}
await browser.close();
child.kill('SIGTERM');
