// Debian's Chromium through playwright-core (never a downloaded browser), with the house flags, and
// a screenshot helper writing into tests/e2e/screenshots/ (ignored by git).
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT } from './build-admin';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = join(ROOT, 'tests', 'e2e', 'screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

export async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'America/Chicago' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  return file;
}

/** Signs in through the login screen and waits for the shell. */
export async function signIn(page: Page, url: string, login: { username: string; password: string }): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Username').fill(login.username);
  await page.getByLabel('Password').fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('banner').getByRole('button', { name: /Hide menu|Show menu/ }).waitFor();
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Puts axe-core on the page through the DevTools protocol: an injected <script> would be refused
 * by the pages' Content-Security-Policy, which only allows the site's own scripts.
 */
export async function injectAxe(page: Page): Promise<void> {
  await page.evaluate(`${AXE_SOURCE}\n;undefined`);
}

/** Serious and critical axe violations (WCAG 2 A and AA) of the page as it is now, as "rule: first targets". */
export async function axeViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  });
}
