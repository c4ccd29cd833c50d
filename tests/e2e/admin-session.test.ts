// The staff session in a real browser (admin §4): the gate, sign-in, where tokens live, refresh,
// logout; plus the not-found screen and toasts.
import { describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser';
import { useAdminSuite } from './helpers/suite';
import { LOGINS } from './helpers/target';

const suite = useAdminSuite();

describe('admin session', () => {
  it('sends a signed-out visit to /admin/login?redirect=… and back after signing in', async () => {
    const page = await suite.fresh();
    await page.goto(suite.target.adminUrl('/admin/content?type=News'));
    await page.waitForURL((u) => u.pathname === '/admin/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/content?type=News');
    await screenshot(page, 'login');
    await page.getByLabel('Username').fill(LOGINS.admin.username);
    await page.getByLabel('Password').fill('wrong password entirely');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/incorrect/i);
    await page.getByLabel('Password').fill(LOGINS.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/content' && u.searchParams.get('type') === 'News');
    await page.getByRole('heading', { name: 'Content', level: 1 }).waitFor();
  });

  it('ignores a redirect that leaves the admin', async () => {
    const page = await suite.fresh();
    await page.goto(suite.target.adminUrl('/admin/login?redirect=https%3A%2F%2Fevil.example%2F&noToken=1'));
    await page.waitForURL((u) => !u.searchParams.has('noToken'));
    await page.getByLabel('Username').fill(LOGINS.admin.username);
    await page.getByLabel('Password').fill(LOGINS.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    expect(new URL(page.url()).host).toBe(new URL(suite.target.adminUrl()).host);
  });

  it('opens reset-password and activate without a session', async () => {
    const page = await suite.fresh();
    await page.goto(suite.target.adminUrl('/admin/user/reset-password'));
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/user/reset-password');
    await page.goto(suite.target.adminUrl('/admin/user/activate?hash=abc'));
    await page.getByRole('heading', { name: 'Activate your account' }).waitFor();
    await page.getByRole('button', { name: 'Activate account' }).click();
    await page.getByText('Field is required').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/user/activate');
  });

  it('keeps the bearer token in a cookie with the server expiry, the refresh token in storage, valid until midnight', async () => {
    const page = await suite.fresh();
    const answers: { bearerTokenExpiration: string; refreshToken: string }[] = [];
    page.on('response', async (r) => {
      if (r.request().method() !== 'POST' || !r.url().endsWith('/graphql')) return;
      const body = JSON.parse(r.request().postData() ?? '{}') as { query?: string };
      if (!/mutation\s+loginCmsUser/.test(body.query ?? '')) return;
      answers.push(((await r.json()) as { data: { loginCmsUser: { bearerTokenExpiration: string; refreshToken: string } } }).data.loginCmsUser);
    });
    await page.goto(suite.target.adminUrl('/admin/login'));
    await page.getByLabel('Username').fill(LOGINS.admin.username);
    await page.getByLabel('Password').fill(LOGINS.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'masthead_cms_token');
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(false);
    expect(Math.abs((cookie?.expires ?? 0) * 1000 - Date.parse(answers[0]?.bearerTokenExpiration ?? ''))).toBeLessThan(1500);
    const stored = await page.evaluate(() => ({
      refresh: localStorage.getItem('masthead.admin.refreshToken'),
      validUntil: Number(localStorage.getItem('masthead.admin.validUntil')),
      midnight: new Date(new Date().getFullYear(), new Date().getMonth(), new Date().getDate() + 1).getTime(),
      user: JSON.parse(localStorage.getItem('masthead.admin.user') ?? '{}') as { v?: string },
    }));
    expect(stored.refresh).toBe(answers[0]?.refreshToken);
    expect(stored.validUntil).toBe(stored.midnight);
    expect(stored.user.v).toBe('v1.2');
  });

  it('refreshes the token once the daily flag has expired', async () => {
    const page = await suite.signedIn(LOGINS.admin);
    const before = await page.evaluate(() => localStorage.getItem('masthead.admin.refreshToken'));
    await page.evaluate(() => localStorage.setItem('masthead.admin.validUntil', String(Date.now() - 1000)));
    const refreshed = page.waitForResponse((r) => /refreshTokenCmsUser/.test(r.request().postData() ?? ''));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    const after = await page.evaluate(() => ({ token: localStorage.getItem('masthead.admin.refreshToken'), validUntil: Number(localStorage.getItem('masthead.admin.validUntil')) }));
    expect(after.token).not.toBe(before);
    expect(after.validUntil).toBeGreaterThan(Date.now());
  });

  it('shows the not-found screen for unknown admin paths', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/no-such-screen');
    await page.getByText('Page not found: /admin/no-such-screen').waitFor();
    await screenshot(page, 'not-found');
  });

  it('shows toasts top right and closes them after 5 seconds', async () => {
    const page = await suite.signedIn(LOGINS.admin, '/admin/user');
    // A paused page clock: the toast's 5 s are counted, not waited for, so a slow machine
    // cannot make it look too short or too long. Paused a few seconds ahead so that instant
    // cannot have passed already when the pause arrives.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 5_000);
    await page.getByLabel('Current password').fill('not the current password');
    await page.getByLabel(/^New password/).fill('a brand new passphrase');
    await page.getByLabel('Confirm new password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    const toast = page.locator('.toast').first();
    await toast.waitFor();
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y < 60 && box.x + box.width > viewport.width - 40).toBe(true);
    await page.clock.runFor(4_900);
    expect(await page.locator('.toast').count()).toBe(1);
    await page.clock.runFor(200);
    await toast.waitFor({ state: 'detached', timeout: 5_000 });
  });

  it('logs out: cookie, refresh token and user info gone, back to /admin/login', async () => {
    const page = await suite.signedIn(LOGINS.admin);
    await page.getByRole('button', { name: /Avery Lindqvist/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/login');
    expect((await page.context().cookies()).filter((c) => c.name === 'masthead_cms_token' || c.name === 'mh_staff')).toEqual([]);
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('masthead.admin.') && k !== 'masthead.admin.panel' && k !== 'masthead.admin.tenant'));
    expect(keys).toEqual([]);
    await page.goto(suite.target.adminUrl('/admin/menus'));
    await page.waitForURL((u) => u.pathname === '/admin/login');
  });
});
