// The member screens of the admin (issue 7 "Admin screens"; admin §2.2, §3.6, §5, §6) in a real
// browser: memberships (list, create, edit status and free flag, required fields), site users
// (search, edit through updateSiteUserProfileAdmin, simulate into the site's own host), the IP gating settings (a company's
// ranges, a bad range refused with a field error), what a site-scoped editor does not see, an
// accessibility scan and screenshots.
//
// The demo fixtures hold no site users (they arrive by registration), so this file seeds a few into
// the in-process stack's store: openStore is wrapped to keep the store the stack opens.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import type { Store } from '../../engine/store/connection';
import { grantMembership, insertSiteUser } from '../../engine/store/queries/members';
import { screenshot, axeViolations } from './helpers/browser';
import { ensureSiteClientBuilt } from './helpers/build-site-client';
import { menuLabels, menuLink, quickScreens } from './helpers/menu';
import { useAdminSuite } from './helpers/suite';
import { LOGINS } from './helpers/target';

const held = vi.hoisted(() => ({ stores: [] as unknown[] }));
vi.mock('../../engine/store/connection', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../../engine/store/connection')>();
  return {
    ...mod,
    openStore: async (...args: Parameters<typeof mod.openStore>) => {
      const store = await mod.openStore(...args);
      held.stores.push(store);
      return store;
    },
  };
});

// The site window of the simulate test needs the islands' client bundle in the build.
beforeAll(async () => { await ensureSiteClientBuilt(); }, 180_000);
const suite = useAdminSuite();
const RANGE_MESSAGE = 'Must be an IP address or a CIDR range like 203.0.113.0/24 or 2001:db8::/32';

const MEMBERS = [
  { email: 'adaeze.okonkwo@harborline.example', firstName: 'Adaeze', lastName: 'Okonkwo', company: 'Harborline Freight', city: 'Savannah', memberships: [5101] },
  { email: 'tomas.lindgren@nordcargo.example', firstName: 'Tomas', lastName: 'Lindgren', company: 'NordCargo', city: 'Gothenburg', memberships: [5101, 5102] },
  { email: 'maria.alvarez@crossdock.example', firstName: 'María', lastName: 'Álvarez', company: 'Crossdock Partners', city: 'Laredo', memberships: [] },
  { email: 'jin.park@lanewise.example', firstName: 'Jin', lastName: 'Park', company: 'Lanewise', city: 'Long Beach', memberships: [5101] },
];

beforeAll(async () => {
  const store = held.stores[0] as Store | undefined;
  if (!store) throw new Error('the site users of this file are seeded through the in-process stack (MASTHEAD_E2E_TARGET=stack)');
  for (const m of MEMBERS) {
    const id = await insertSiteUser(store.db, {
      tenantKey: 'freightwise', username: m.email, email: m.email, passwordHash: null, firstName: m.firstName, lastName: m.lastName,
      company: m.company, city: m.city, countryCode: 'USA', demographics: [],
    });
    for (const mid of m.memberships) await grantMembership(store.db, id, mid, null);
  }
  // Another tenant's member must never show on FreightWise.
  await insertSiteUser(store.db, { tenantKey: 'plantpulse', username: 'okonkwo@plant.example', email: 'okonkwo@plant.example', passwordHash: null, firstName: 'Other', lastName: 'Okonkwo', demographics: [] });
}, 60_000);

/** The text of the error tied to a control through aria-describedby. */
async function fieldError(page: Page, control: ReturnType<Page['getByLabel']>): Promise<string | null> {
  if ((await control.getAttribute('aria-invalid')) !== 'true') return null;
  const id = await control.getAttribute('aria-describedby');
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

function row(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

describe('memberships', () => {
  it('creates a membership, lists it, and edits its status, free flag and required fields', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/memberships');
    await page.getByRole('heading', { name: 'Memberships', level: 1 }).waitFor();
    await row(page, 'FreightWise Insider').waitFor();
    await screenshot(page, 'members-memberships');

    let writes = 0;
    page.on('request', (r) => { if (/mutation\s+(create|update)Membership/.test(r.postData() ?? '')) writes++; });
    await page.getByRole('button', { name: 'New membership' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/create-membership');
    const dialog = page.getByRole('dialog', { name: 'New membership' });
    await dialog.getByRole('button', { name: 'Create membership' }).click();
    expect(await fieldError(page, dialog.getByLabel(/^Title/))).toBe('Field is required');
    expect(await fieldError(page, dialog.getByLabel(/^Alias/))).toBe('Field is required');
    expect(writes).toBe(0);

    await dialog.getByLabel(/^Title/).fill('Rate Desk Premium');
    expect(await dialog.getByLabel(/^Alias/).inputValue()).toBe('rate-desk-premium');
    expect(await fieldError(page, dialog.getByLabel(/^Title/))).toBeNull();
    await dialog.getByLabel(/^Description/).fill('Lane-level rate benchmarks every week.');
    await dialog.getByLabel('Free membership').uncheck();
    const required = dialog.getByRole('group', { name: 'Required profile fields' });
    for (const label of ['First Name', 'Last Name', 'Company', 'Job Title']) await required.getByLabel(label).check();
    await screenshot(page, 'members-membership-new');
    const created = page.waitForResponse((r) => /mutation\s+createMembership/.test(r.request().postData() ?? ''));
    await dialog.getByRole('button', { name: 'Create membership' }).click();
    const body = (await (await created).json()) as { data?: { createMembership: { id: number; alias: string; isFree: boolean; status: number; requiredUserCommonFields: string[] } } };
    expect(body.data?.createMembership).toMatchObject({ alias: 'rate-desk-premium', isFree: false, status: 1, requiredUserCommonFields: ['firstName', 'lastName', 'title', 'company'] });
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((u) => u.pathname === '/admin/memberships');

    const listed = row(page, 'Rate Desk Premium');
    await listed.waitFor();
    expect(await listed.textContent()).toContain('/membership/signup/rate-desk-premium');
    expect(await listed.getByText('Paid', { exact: true }).count()).toBe(1);
    expect(await listed.getByText('Active', { exact: true }).count()).toBe(1);
    expect(await listed.textContent()).toContain('First Name, Last Name, Job Title, Company');

    await listed.getByRole('button', { name: 'Edit Rate Desk Premium' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Rate Desk Premium' });
    await edit.getByText('Inactive', { exact: true }).click();
    await edit.getByLabel('Free membership').check();
    await edit.getByRole('group', { name: 'Required profile fields' }).getByLabel('Job Title').uncheck();
    await edit.getByLabel(/^Alias/).fill('Rate Desk');
    await edit.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(page, edit.getByLabel(/^Alias/))).toBe('Must be lower-case words joined by hyphens');
    await edit.getByLabel(/^Alias/).fill('rate-desk');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    const after = row(page, 'Rate Desk Premium');
    await after.getByText('Inactive', { exact: true }).waitFor();
    expect(await after.getByText('Free', { exact: true }).count()).toBe(1);
    expect(await after.textContent()).toContain('/membership/signup/rate-desk');
    expect(await after.textContent()).not.toContain('Job Title');
    expect(writes).toBe(2);

    // Reloaded from the API, not just the screen's state.
    await page.reload();
    await row(page, 'Rate Desk Premium').getByText('Inactive', { exact: true }).waitFor();
  });

  it('an alias another membership uses is refused by the API on the alias field', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/create-membership');
    const dialog = page.getByRole('dialog', { name: 'New membership' });
    await dialog.getByLabel(/^Title/).fill('Insider copy');
    await dialog.getByLabel(/^Alias/).fill('insider');
    await dialog.getByRole('button', { name: 'Create membership' }).click();
    const alias = dialog.getByLabel(/^Alias/);
    await page.waitForFunction(() => document.querySelector('[data-field="alias"]')?.getAttribute('aria-invalid') === 'true');
    expect(await fieldError(page, alias)).toBe('Another membership uses this alias');
    await alias.fill('insider-copy');
    expect(await fieldError(page, alias)).toBeNull();
  });
});

describe('site users', () => {
  it('finds a member by search, edits a field and grants a membership; another tenant’s members never show', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/site-users');
    await page.getByRole('heading', { name: 'Site users', level: 1 }).waitFor();
    await row(page, 'Jin Park').waitFor();
    // FreightWise's own members: the demo's (fixtures/demo site-users.json) and this file's; none of Plant Pulse's.
    const [own] = await (held.stores[0] as Store).all<{ n: number }>("select count(*) as n from site_users where tenant_key = 'freightwise'");
    expect(own!.n).toBeGreaterThanOrEqual(MEMBERS.length);
    expect(await page.locator('tbody tr').count()).toBe(Number(own!.n));
    await screenshot(page, 'members-site-users');

    await page.locator('#site-user-search').fill('okonkwo');
    await page.waitForURL((u) => u.searchParams.get('q') === 'okonkwo');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    const found = row(page, 'Adaeze Okonkwo');
    expect(await found.textContent()).toContain('Harborline Freight');
    expect(await found.textContent()).toContain('FreightWise Insider');

    await found.getByRole('button', { name: 'Edit Adaeze Okonkwo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Adaeze Okonkwo' });
    await dialog.getByLabel(/^Email/).fill('  ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(page, dialog.getByLabel(/^Email/))).toBe('Field is required');
    await dialog.getByLabel(/^Email/).fill('adaeze.okonkwo@harborline.example');
    await dialog.getByLabel('Last name').fill('Okonkwo-Bell');
    await dialog.getByRole('group', { name: 'Memberships' }).getByLabel(/FreightWise Pro/).check();
    await screenshot(page, 'members-site-user-edit');
    const saved = page.waitForResponse((r) => /mutation\s+updateSiteUserProfileAdmin/.test(r.request().postData() ?? ''));
    await dialog.getByRole('button', { name: 'Save' }).click();
    const req = JSON.parse((await saved).request().postData() ?? '{}') as { variables: { input: Record<string, unknown> } };
    expect(req.variables.input).toEqual({ lastName: 'Okonkwo-Bell', membershipIds: [5101, 5102] });
    await dialog.waitFor({ state: 'detached' });
    const edited = row(page, 'Adaeze Okonkwo-Bell');
    await edited.waitFor();
    expect(await edited.textContent()).toContain('FreightWise Pro');
    expect(await page.getByText('Other Okonkwo').count()).toBe(0);
  });

  it("simulates a member: the server's welcome shows and the tenant's site opens signed in as the member", async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/site-users?q=lindgren');
    const target = row(page, 'Tomas Lindgren');
    await target.waitFor();
    const popup = page.waitForEvent('popup');
    const requested: URL[] = [];
    page.context().on('request', (r) => { requested.push(new URL(r.url())); });
    const call = page.waitForResponse((r) => /mutation\s+simulateSiteUser/.test(r.request().postData() ?? ''));
    await target.getByRole('button', { name: 'Simulate Tomas Lindgren' }).click();
    const answer = (await (await call).json()) as { data?: { simulateSiteUser: { message: string; userInfo: { simulating: boolean; memberships: number[] } } } };
    expect(answer.data?.simulateSiteUser.userInfo).toMatchObject({ simulating: true, memberships: [5101, 5102] });
    await page.getByText('Successfully signed into tomas.lindgren@nordcargo.example').waitFor();
    // The site window went through the site's own /__member/simulate (single-use code) to /account.
    const site = await popup;
    await site.waitForURL((u) => u.host.startsWith('freightwise.localhost') && u.pathname === '/account');
    const entered = requested.find((u) => u.pathname === '/__member/simulate');
    expect(entered?.host).toBe(new URL(site.url()).host);
    expect(entered?.searchParams.get('to')).toBe('/account');
    expect(new URL(site.url()).origin).toBe(new URL(suite.target.publicUrl('freightwise')).origin);
    // The site's host holds the 1-day member cookie itself (host-only, HttpOnly).
    for (const url of [suite.target.publicUrl('freightwise', '/graphql'), suite.target.adminUrl('/graphql')]) {
      const member = (await page.context().cookies(url)).find((c) => c.name === 'mh_member');
      expect(member?.httpOnly).toBe(true);
      const days = ((member?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(0.9);
      expect(days).toBeLessThanOrEqual(1);
    }
    // The account popover and the profile show the simulated member.
    const toggle = site.locator('.account-toggle').filter({ hasText: 'Tomas Lindgren' });
    await toggle.waitFor();
    await site.locator('#update-profile').getByLabel('First Name', { exact: true }).waitFor();
    expect(await site.locator('#update-profile').getByLabel('First Name', { exact: true }).inputValue()).toBe('Tomas');
    await toggle.click();
    expect(await site.locator('.account-simulating').innerText()).toBe('Simulating tomas.lindgren@nordcargo.example');
    await screenshot(site, 'admin-members-simulated-site');
    // The code was spent: opening the same address again is refused.
    const again = await site.goto(entered!.href);
    expect(again?.status()).toBe(403);
    expect(await site.getByRole('heading', { level: 1 }).innerText()).toBe('Simulation link not valid');
  });
});

describe('IP gating settings', () => {
  it('adds a company with a range, refuses a bad range with a field error, and finds the company by address', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/ip-gating-settings');
    await page.getByRole('heading', { name: 'IP gating', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New company' }).click();
    const dialog = page.getByRole('dialog', { name: 'New site-license company' });
    await dialog.getByLabel(/^Company name/).fill('Harborline Freight');
    await dialog.getByLabel('IP range 1', { exact: true }).fill('203.0.113.7/24');
    const stored = dialog.getByText('Stored as');
    await stored.waitFor();
    expect(await stored.textContent()).toBe('Stored as 203.0.113.0/24');
    await dialog.getByRole('button', { name: 'Add company' }).click();
    await dialog.waitFor({ state: 'detached' });
    const listed = row(page, 'Harborline Freight');
    await listed.waitFor();
    expect(await listed.locator('code').allTextContents()).toEqual(['203.0.113.0/24']);

    let writes = 0;
    page.on('request', (r) => { if (/mutation\s+updateSiteLicenseCompany/.test(r.postData() ?? '')) writes++; });
    await listed.getByRole('button', { name: 'Edit Harborline Freight' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Harborline Freight' });
    await edit.getByRole('button', { name: 'Add range' }).click();
    const second = edit.getByLabel('IP range 2', { exact: true });
    await second.fill('10.0.0.0/33');
    await edit.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(page, second)).toBe(RANGE_MESSAGE);
    expect(await fieldError(page, edit.getByLabel('IP range 1', { exact: true }))).toBeNull();
    expect(writes).toBe(0);
    await screenshot(page, 'members-ip-gating-error');
    await second.fill('2001:db8::/32');
    expect(await fieldError(page, second)).toBeNull();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    expect(writes).toBe(1);
    await row(page, 'Harborline Freight').getByText('2001:db8::/32').waitFor();
    await screenshot(page, 'members-ip-gating');

    await page.getByLabel('Test an IP address').fill('203.0.113.200');
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    const hit = page.getByRole('status').filter({ hasText: 'belongs to' });
    await hit.waitFor();
    expect(await hit.textContent()).toContain('Harborline Freight');
    await page.getByLabel('Test an IP address').fill('192.0.2.1');
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await page.getByText('No site-license company covers').waitFor();
  });
});

describe('permissions, accessibility and look', () => {
  it('a site-scoped editor without the member permissions sees none of the member screens', async () => {
    const page = await suite.signedIn(LOGINS.freightwiseEditor, '/admin');
    const labels = await menuLabels(page);
    expect(labels.length).toBeGreaterThan(0);
    for (const l of ['Memberships', 'Site users', 'IP gating']) expect(labels).not.toContain(l);
    await page.keyboard.press('Control+k');
    expect(await quickScreens(page, 'membership')).toEqual([]);
    await page.keyboard.press('Escape');
    for (const path of ['/admin/memberships', '/admin/site-users', '/admin/ip-gating-settings']) {
      await page.goto(suite.target.adminUrl(path));
      await page.getByRole('heading', { name: 'No access' }).waitFor();
    }
  });

  it('an admin reaches them from the menu; the screens pass an accessibility scan, at desktop and tablet width', async () => {
    const page = await suite.signedIn(LOGINS.admin);
    await (await menuLink(page, 'Site users')).click();
    await page.getByRole('heading', { name: 'Site users', level: 1 }).waitFor();
    const problems: string[] = [];
    for (const [path, heading] of [['/admin/memberships', 'Memberships'], ['/admin/site-users', 'Site users'], ['/admin/ip-gating-settings', 'IP gating'], ['/admin/create-membership', 'Memberships']] as const) {
      await page.goto(suite.target.adminUrl(path));
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      problems.push(...(await axeViolations(page)).map((v) => `${path} ${v}`));
    }
    expect(problems).toEqual([]);

    const tablet = await suite.signedIn(LOGINS.admin, '/admin/site-users', { width: 768, height: 1024 });
    await row(tablet, 'Jin Park').waitFor();
    const overflow = await tablet.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(tablet, 'members-tablet-site-users');
  }, 90_000);
});
