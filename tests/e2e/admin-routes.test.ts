// Every admin screen in Chromium (issue 35): each route of admin/routes.tsx (those with an id on a
// FreightWise demo record) opens for the global admin at 1366 px with its heading, no console error and no serious or critical
// axe violation, and at 390 px the same without widening the page (tables scroll inside their frame);
// screenshots of both widths go to tests/e2e/screenshots/route-*.png.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, axeViolations } from './helpers/browser';
import { ROOT } from './helpers/build-admin';
import { useAdminSuite } from './helpers/suite';
import { LOGINS } from './helpers/target';

const suite = useAdminSuite();

const PATHS = [...readFileSync(join(ROOT, 'admin', 'routes.tsx'), 'utf8').matchAll(/path: '([^']+)'/g)].map((m) => m[1]!);

/** The first record of a FreightWise demo fixture file (the global admin's first brand). */
const firstId = (file: string): number => (JSON.parse(readFileSync(join(ROOT, 'fixtures', 'demo', 'tenants', 'freightwise', file), 'utf8')) as { id: number }[])[0]!.id;
const firstContentId = (): number => (JSON.parse(readFileSync(join(ROOT, 'fixtures', 'demo', 'tenants', 'freightwise', 'content', 'articles.json'), 'utf8')) as { id: number }[])[0]!.id;

/** A demo record for each route parameter, so the editors open on real data. */
const PARAMS: Record<string, () => string> = {
  '/create-content/:type': () => 'Article',
  '/edit-content/:id': () => String(firstContentId()),
  '/edit-website-section/:id': () => String(firstId('sections.json')),
  '/edit-web-layout/:id': () => String(firstId('layouts.json')),
  '/contract/:id': () => String(firstId('contracts.json')),
  '/company-updates/:id': () => String(firstId('company-updates.json')),
  '/edit-newsletter-template/:id': () => String(firstId('newsletter-templates.json')),
  '/edit-newsletter-campaign/:id': () => String(firstId('newsletter-campaigns.json')),
};

/** Every screen: the routes without an id, then each route with one on a demo record. */
const ROUTES = PATHS.filter((p) => !['/login', '/logout', '/user/reset-password', '/user/activate'].includes(p)).map((p) => {
  if (!p.includes(':')) return p;
  const value = PARAMS[p];
  if (!value) throw new Error(`admin-routes: no demo record for the route ${p}; add one to PARAMS`);
  return p.replace(/:[a-z]+/i, value());
});

const shotName = (path: string) => `route${path.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '') || '-dashboard'}`;

/** Opens each route in one signed-in page and calls `check` once it shows its heading; returns the problems by route. */
async function visitAll(width: number, check: (page: Page, path: string, errors: string[]) => Promise<string[]>): Promise<Record<string, string[]>> {
  const page = await suite.signedIn(LOGINS.admin, '/admin', { width, height: width > 800 ? 900 : 844 });
  const errors: string[] = [];
  // A failed load is judged by its address below: the newsletter preview's images point at the
  // site's own origin (http://<key>.localhost:<demo port>), which this test's stack does not serve.
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text().slice(0, 200)); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message.slice(0, 200)}`));
  const admin = new URL(suite.target.adminUrl('/admin')).origin;
  // ERR_ABORTED: the previous screen's requests, cancelled by the navigation to the next one.
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? '';
    if (new URL(r.url()).origin === admin && !why.includes('ERR_ABORTED')) errors.push(`failed: ${r.url()} ${why}`);
  });
  page.on('response', (r) => { if (new URL(r.url()).origin === admin && r.status() >= 400) errors.push(`${r.status()}: ${r.url()}`); });
  const problems: Record<string, string[]> = {};
  for (const path of ROUTES) {
    errors.length = 0;
    await page.goto(suite.target.adminUrl(`/admin${path}`));
    const found = await page.locator('main h1').first().waitFor({ timeout: 15_000 }).then(() => [], () => ['no heading']);
    // Screens load their data after the heading: let them settle before checking.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const list = [...found, ...(await check(page, path, errors)), ...errors];
    if (list.length) problems[path] = list;
  }
  return problems;
}

describe('every admin screen', () => {
  it('finds the routes to visit', () => {
    expect(ROUTES.length).toBe(PATHS.length - 4);
    expect(ROUTES.filter((r) => r.includes(':'))).toEqual([]);
    expect(ROUTES).toEqual(expect.arrayContaining(['/', '/content', '/digital-media-library', '/tools', '/newsletter-campaigns']));
  });

  it('opens at 1366 px with its heading, no console error and no serious accessibility violation', async () => {
    const problems = await visitAll(1366, async (page, path) => {
      await screenshot(page, `${shotName(path)}-1366`);
      return axeViolations(page);
    });
    expect(problems).toEqual({});
  }, 600_000);

  it('fits a 390 px phone: the page never scrolls sideways, with no console error or serious accessibility violation', async () => {
    const problems = await visitAll(390, async (page, path) => {
      await screenshot(page, `${shotName(path)}-390`);
      const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      return [...(over > 1 ? [`${over} px wider than the screen`] : []), ...(await axeViolations(page))];
    });
    expect(problems).toEqual({});
  }, 600_000);
});
