// /admin/openai and the content editor's suggestion buttons (issue 42) in Chromium, against the demo
// data with the assistant pointed at a local chat-completions server: the screen shows the status and
// model, a staff prompt is answered and listed, the editor fills a suggested headline into the form
// without saving it; axe passes and the page does not widen at 1366 and 390 px.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, newPage, screenshot, signIn } from './helpers/browser';
import { ROOT } from './helpers/build-admin';
import { startStack } from './helpers/stack';
import { FIXTURES, LOGINS } from './helpers/target';
import type { Target } from './helpers/types';
import { startChatServer, type ChatServer } from '../helpers/chat-server';

const ARTICLE = (JSON.parse(readFileSync(join(ROOT, 'fixtures', 'demo', 'tenants', 'freightwise', 'content', 'articles.json'), 'utf8')) as { id: number; name: string }[])[0]!;
let chat: ChatServer;
let target: Target;
let browser: Browser;

beforeAll(async () => {
  chat = await startChatServer();
  chat.answer = (prompt) => (prompt.startsWith('Suggest 5 headlines') ? 'Ports brace for a busy peak\nCarriers rethink capacity' : `Echo: ${prompt}`);
  target = await startStack(FIXTURES, { assistant: { url: chat.url, model: 'gpt-e2e', key: 'e2e-key' } });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await target?.stop();
  await chat?.close();
}, 60_000);

describe('/admin/openai', () => {
  it('shows the status, answers a staff prompt and lists it, at 1366 and 390 px with no axe violation', async () => {
    for (const width of [1366, 390]) {
      const page = await newPage(browser, { width, height: width > 800 ? 900 : 844 });
      await signIn(page, target.adminUrl('/admin/login'), LOGINS.admin);
      await page.goto(target.adminUrl('/admin/openai'));
      await page.getByRole('heading', { name: 'Assistant', level: 1 }).waitFor();
      await expect(page.getByText('Configured', { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.getByText('gpt-e2e').isVisible()).resolves.toBe(true);
      const prompt = `List three ports at ${width} px`;
      await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      // The answer shows in its region; the same text may also be in the recent list by then.
      await page.getByRole('region', { name: 'Answer' }).getByText(`Echo: ${prompt}`).first().waitFor();
      await page.getByRole('region', { name: 'Recent prompts and answers' }).getByRole('cell', { name: prompt, exact: true }).waitFor();
      expect(chat.requests.at(-1)!.body.model).toBe('gpt-e2e');
      expect(chat.requests.at(-1)!.headers.authorization).toBe('Bearer e2e-key');
      await screenshot(page, `assistant-${width}`, true);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.context().close();
    }
  }, 120_000);

  it('fills a suggested headline into the editor when the editor uses it, and saves nothing', async () => {
    const page = await newPage(browser, { width: 1366, height: 900 });
    await signIn(page, target.adminUrl('/admin/login'), LOGINS.admin);
    await page.goto(target.adminUrl(`/admin/edit-content/${ARTICLE.id}`));
    const card = page.getByRole('region', { name: 'Assistant' });
    await card.getByRole('button', { name: 'Suggest headlines' }).click();
    await card.getByText('Ports brace for a busy peak').waitFor();
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(ARTICLE.name);
    await card.getByRole('button', { name: 'Use as title: Ports brace for a busy peak' }).click();
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe('Ports brace for a busy peak');
    await page.getByText('Unsaved changes').waitFor();
    await screenshot(page, 'assistant-editor-1366');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe('/admin/openai without an endpoint', () => {
  it('says the assistant is not configured and how to turn it on, and the editor card points there', async () => {
    const off = await startStack(FIXTURES);
    try {
      const page = await newPage(browser, { width: 390, height: 844 });
      const errors: string[] = [];
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text().slice(0, 200)); });
      await signIn(page, off.adminUrl('/admin/login'), LOGINS.admin);
      await page.goto(off.adminUrl('/admin/openai'));
      await page.getByText('The assistant is not configured').waitFor();
      await page.getByText(/MASTHEAD_ASSISTANT_URL/).waitFor();
      expect(await page.getByRole('textbox', { name: 'Prompt' }).count()).toBe(0);
      await screenshot(page, 'assistant-off-390', true);
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(off.adminUrl(`/admin/edit-content/${ARTICLE.id}`));
      await page.getByRole('region', { name: 'Assistant' }).getByRole('link', { name: 'How to turn it on' }).waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      await off.stop();
    }
  }, 180_000);
});
