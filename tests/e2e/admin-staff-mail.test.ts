// Staff reset mail through the wiring `masthead serve` runs (cli/serve/app.ts): the admin asks for
// a reset link, the message reaches a real SMTP server in this process, the link in it opens the
// admin, a weak password is refused with the reason, a strong one is set, and it signs in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './helpers/browser';
import { startStackWithMail, type MailStack } from './helpers/mail-stack';

let stack: MailStack;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  stack = await startStackWithMail({ from: 'Masthead <staff@masthead.localhost>' });
  admin = stack.admin;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe('staff password reset by e-mail', () => {
  it('mails a link from the admin\'s reset form; the link sets a new password that signs in', async () => {
    const page = await newPage(browser);
    await page.goto(`${admin}/user/reset-password`);
    await page.getByLabel('Email').fill('admin@masthead.localhost');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const [mail] = await stack.smtp.waitFor(1, 20_000);
    expect(mail!.envelope.to).toEqual(['admin@masthead.localhost']);
    expect(mail!.parsed.subject).toBe('Reset your Masthead password');
    const link = /https?:\/\/\S+/.exec(mail!.parsed.text ?? '')?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(`${url.origin}${url.pathname}`).toBe(`${admin}/user/reset-password`);
    expect(url.searchParams.get('hash')).toMatch(/^mhp_[A-Za-z0-9_-]{43}$/);
    expect(mail!.parsed.html).toContain(`href="${link!.replaceAll('&', '&amp;')}"`);

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password').fill('password1234');
    await page.getByLabel('Confirm password').fill('password1234');
    await page.getByRole('button', { name: 'Change password' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Too easy to guess/);

    const chosen = 'amber kestrels circle the quiet tannery roof';
    await page.getByLabel('New password').fill(chosen);
    await page.getByLabel('Confirm password').fill(chosen);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(chosen);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
  });
});
