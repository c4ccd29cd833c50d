// getDashboard (issue 35): the admin start page's counts for the current tenant — drafts, scheduled
// items (published and dated ahead) with the next ones soonest first, and the unsent campaign due
// soonest — each part only for holders of the permission its screen needs, and only for the tenant
// the caller is staff of.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from './api-harness';
import { TEMPLATE } from './newsletter-helpers';

const NOW = Date.parse('2026-11-28T12:00:00Z');
let h: Harness;
beforeAll(async () => { h = await startApi({ now: () => NOW }); });
afterAll(async () => { await h.close(); });

const dashboard = (as: 'alphaEditor' | 'alphaAdmin' | 'alphaViewer' | 'betaEditor', tenant = 'alpha') => h.op('getDashboard', {}, { as, tenant });
const article = (name: string, status: number, published: string) =>
  ({ type: 'Article', name, teaser: 'A teaser.', status, primarySectionId: 103, published });

describe('getDashboard', () => {
  it('refuses anonymous callers and staff of other tenants', async () => {
    expect((await h.op('getDashboard', {}, { tenant: 'alpha' })).error?.extensions.code).toBe('UNAUTHENTICATED');
    expect((await dashboard('betaEditor')).error?.extensions.code).toBe('FORBIDDEN');
  });

  it('counts drafts and scheduled items, the next scheduled soonest first; published items dated before now are neither', async () => {
    const before = (await dashboard('alphaEditor')).data.getDashboard;
    for (const [name, status, published] of [
      ['Rates outlook for 2027', 1, '2026-12-02T06:00:00Z'], ['Port strike: day two', 1, '2026-11-29T06:00:00Z'],
      ['Unfinished draft', 2, '2026-11-01T06:00:00Z'], ['Already live', 1, '2026-11-27T06:00:00Z'],
    ] as const) {
      const r = await h.op('createContent', { input: article(name, status, published) }, { as: 'alphaEditor' });
      expect(r.error, JSON.stringify(r.body)).toBeUndefined();
    }
    const d = (await dashboard('alphaEditor')).data.getDashboard;
    expect(d.scheduledCount).toBe(before.scheduledCount + 2);
    expect(d.draftCount).toBe(before.draftCount + 1);
    const names = d.nextScheduled.map((c: { name: string }) => c.name);
    expect(names.indexOf('Port strike: day two')).toBeLessThan(names.indexOf('Rates outlook for 2027'));
    expect(names).not.toContain('Already live');
    for (const c of d.nextScheduled) expect(Date.parse(c.published)).toBeGreaterThan(NOW);
    expect(d.recentDrafts[0]).toMatchObject({ name: 'Unfinished draft', type: 'Article' });
    // The other tenant's figures are its own.
    const beta = (await dashboard('betaEditor', 'beta')).data.getDashboard;
    expect(beta.nextScheduled.map((c: { name: string }) => c.name)).not.toContain('Port strike: day two');
  });

  it('names the unsent campaign due soonest to newsletter staff only', async () => {
    const t = await h.op('createNewsletterTemplate', { input: TEMPLATE }, { as: 'alphaAdmin' });
    expect(t.error, JSON.stringify(t.body)).toBeUndefined();
    const templateId = t.data.createNewsletterTemplate.id;
    for (const [name, at] of [['Past issue', '2026-11-20T15:00:00Z'], ['Later issue', '2026-12-05T15:00:00Z'], ['Next issue', '2026-11-30T15:00:00Z']] as const) {
      const c = await h.op('createNewsletterCampaign', { input: { templateId, name, deploymentDate: at, grid: { rows: [] } } }, { as: 'alphaAdmin' });
      expect(c.error, JSON.stringify(c.body)).toBeUndefined();
    }
    expect((await dashboard('alphaAdmin')).data.getDashboard.nextNewsletter).toMatchObject({ name: 'Next issue', deploymentDate: '2026-11-30T15:00:00.000Z' });
    // Editors hold no campaign permission; viewers no content permission either.
    expect((await dashboard('alphaEditor')).data.getDashboard.nextNewsletter).toBeNull();
    expect((await dashboard('alphaViewer')).data.getDashboard).toEqual({ draftCount: null, scheduledCount: null, nextScheduled: null, recentDrafts: null, nextNewsletter: null });
  });
});
