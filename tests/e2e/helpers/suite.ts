// Per-file set-up of the admin browser tests: one target (see target.ts) and one browser.
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser';
import { startTarget, type Target } from './target';

export interface AdminSuite {
  target: Target;
  browser: Browser;
  /** A fresh browser context, signed in as `login`, on `path`. */
  signedIn(login: { username: string; password: string }, path?: string, viewport?: { width: number; height: number }): Promise<Page>;
  /** A fresh, signed-out browser context. */
  fresh(viewport?: { width: number; height: number }): Promise<Page>;
}

export function useAdminSuite(): AdminSuite {
  const suite = {} as AdminSuite;
  const pages: Page[] = [];
  beforeAll(async () => {
    suite.target = await startTarget();
    suite.browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    for (const p of pages) await p.context().close().catch(() => undefined);
    await suite.browser?.close();
    await suite.target?.stop();
  }, 60_000);
  suite.fresh = async (viewport) => {
    const page = await newPage(suite.browser, viewport);
    pages.push(page);
    return page;
  };
  suite.signedIn = async (login, path = '/admin', viewport) => {
    const page = await suite.fresh(viewport);
    await signIn(page, suite.target.adminUrl('/admin/login'), login);
    if (path !== '/admin') await page.goto(suite.target.adminUrl(path));
    return page;
  };
  return suite;
}
