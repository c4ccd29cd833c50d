// People and taxonomy end to end (issue 16): create a person on /admin/persons and a taxonomy term
// on /admin/taxonomy, attach both to a new article, publish; the public author page lists the
// article, the article's byline links to it, and the article shows the term.
import { describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { pollUntil, readerGet as fetchPage } from './helpers/reader-http';
import { useAdminSuite } from './helpers/suite';
import { LOGINS } from './helpers/target';

const suite = useAdminSuite();

async function answerOf<T>(p: Page, operation: string, click: () => Promise<void>): Promise<T> {
  const answer = p.waitForResponse((r) => r.url().endsWith('/graphql') && new RegExp(`mutation\\s+${operation}`).test(r.request().postData() ?? ''));
  await click();
  const body = (await (await answer).json()) as { data?: Record<string, T>; errors?: { message: string }[] };
  if (!body.data) throw new Error(`${operation} failed: ${JSON.stringify(body.errors)}`);
  return Object.values(body.data)[0] as T;
}

async function pick(p: Page, label: string, text: string, option: string): Promise<void> {
  const box = p.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(text);
  await p.getByRole('listbox', { name: label }).getByRole('option', { name: new RegExp(option) }).click();
  await p.getByRole('list', { name: `Selected ${label.toLowerCase()}` }).getByText(new RegExp(option)).waitFor();
  await box.press('Escape');
}

describe('people and taxonomy in the admin', () => {
  it('creates a person and a term, attaches both to an article, and the author page lists it', async () => {
    const stamp = Date.now().toString(36);
    const first = `Ines${stamp}`;
    const p = await suite.signedIn(LOGINS.admin, '/admin/persons');
    const site = suite.target.publicUrl('freightwise');

    await p.getByRole('button', { name: 'New person' }).click();
    const personDialog = p.getByRole('dialog');
    await personDialog.getByLabel(/^First name/).fill(first);
    await personDialog.getByLabel(/^Last name/).fill('Moreau');
    await personDialog.getByLabel('Title', { exact: true }).fill('Ports correspondent');
    await personDialog.getByLabel('Bio').fill('<p>Reports from <em>Le Havre</em>.</p>');
    await personDialog.getByRole('button', { name: 'Add link' }).click();
    await personDialog.getByLabel(/^Address 1/).fill('https://www.linkedin.com/in/ines');
    await screenshot(p, 'person-new', true);
    const person = await answerOf<{ id: number; fullName: string; authorPath: string }>(p, 'createPerson', () => personDialog.getByRole('button', { name: 'Create person' }).click());
    expect(person.fullName).toBe(`${first} Moreau`);
    await p.getByRole('cell', { name: new RegExp(`^${first} Moreau`) }).waitFor();

    await p.goto(suite.target.adminUrl('/admin/taxonomy'));
    await p.getByRole('button', { name: 'New term' }).click();
    const termDialog = p.getByRole('dialog');
    const term = `Crane automation ${stamp}`;
    await termDialog.getByLabel(/^Name/).fill(term);
    await termDialog.getByLabel(/^Kind/).selectOption('Tag');
    await answerOf(p, 'createTaxonomyTerm', () => termDialog.getByRole('button', { name: 'Create term' }).click());
    await p.getByRole('cell', { name: new RegExp(`^${term}`) }).waitFor();

    await p.goto(suite.target.adminUrl('/admin/create-content/article'));
    const title = `Le Havre automates its cranes ${stamp}`;
    await p.getByLabel(/^Title/).fill(title);
    await p.getByLabel('Teaser').fill('Remote-controlled cranes arrive at the container terminal this winter.');
    await p.getByRole('textbox', { name: 'Body' }).click();
    await p.keyboard.type('The terminal operator ordered six remote-controlled cranes.');
    await p.getByLabel(/^Primary section/).selectOption({ label: 'Ocean & Ports' });
    await pick(p, 'Authors', first, first);
    await pick(p, 'Taxonomy', `Crane automation ${stamp}`, term);
    const created = await answerOf<{ id: number; canonicalPath: string; status: number }>(p, 'createContent', () => p.getByRole('button', { name: 'Publish', exact: true }).click());
    expect(created.status).toBe(1);

    const authorUrl = `${site}${person.authorPath}`;
    await pollUntil('author page lists the article', async () => {
      const r = await fetchPage(authorUrl);
      return r.status === 200 && r.text.includes(created.canonicalPath);
    });
    const $a = cheerio.load((await fetchPage(authorUrl)).text);
    expect($a('h1').text()).toBe(`${first} Moreau`);
    expect($a('a').map((_, e) => $a(e).attr('href')).get()).toContain(created.canonicalPath);
    expect($a('.rich-text em').text()).toBe('Le Havre');

    await pollUntil('article page', async () => (await fetchPage(`${site}${created.canonicalPath}`)).status === 200);
    const $c = cheerio.load((await fetchPage(`${site}${created.canonicalPath}`)).text);
    expect($c('.byline .authors a').attr('href')).toBe(person.authorPath);
    expect($c('.content-topics').text()).toContain(term);

    const reader = await p.context().newPage();
    await reader.goto(authorUrl);
    await reader.getByRole('link', { name: title }).click();
    await reader.waitForURL((u) => u.pathname === created.canonicalPath);
    expect(await reader.locator('.content-topics').textContent()).toContain(term);
    await screenshot(reader, 'author-article');
    await reader.close();
  }, 180_000);
});
