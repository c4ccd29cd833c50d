// The magazine end to end (issue 21 acceptance): in the admin, create a publication, two sections and
// an issue with a cover from the media library, place three articles in the two sections and publish
// the issue (status Active); the public issue page shows the cover and the contents by section, each
// article shows "From the <Month Year> issue of <Publication>" linking to the issue, and a newsletter
// campaign's issue block renders the new issue in the admin's live preview. Pages are read the way a
// reader gets them (plain GET, parsed with cheerio); the preview is the iframe's srcdoc, parsed.
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './helpers/browser';
import { pollUntil, readerGet } from './helpers/reader-http';
import { useAdminSuite } from './helpers/suite';
import { LOGINS } from './helpers/target';

const suite = useAdminSuite();
const STAMP = Date.now().toString(36);
const PUBLICATION = `Freight Quarterly ${STAMP}`;
const ISSUE = 'Spring Ports Special';
/** A mail date in the past, so a draft campaign's preview (now) picks this issue as the latest. */
const MAIL_DATE = '2026-03-15';
const COVER = '/images/freightwise/container-stack.svg';
/** Demo articles placed in no demo issue: two in Features, one in Departments. */
const ARTICLES = [
  { id: 10100066, name: 'The Real Cost of Sailing Around Africa', section: 'Features' },
  { id: 10100068, name: 'Can Intermodal Win the 500-Mile Lane?', section: 'Features' },
  { id: 10100099, name: 'Why Smaller Carriers Are Winning Niche Trades', section: 'Departments' },
] as const;

async function saved<T>(p: Page, operation: string, click: () => Promise<void>): Promise<T> {
  const answer = p.waitForResponse((r) => r.url().endsWith('/graphql') && new RegExp(`mutation\\s+${operation}\\b`).test(r.request().postData() ?? ''));
  await click();
  const body = (await (await answer).json()) as { data?: Record<string, T>; errors?: { message: string }[] };
  if (!body.data) throw new Error(`${operation} failed: ${JSON.stringify(body.errors)}`);
  return Object.values(body.data)[0] as T;
}

async function toast(p: Page, text: string): Promise<void> {
  await p.getByRole('region', { name: 'Notifications' }).getByText(text).first().waitFor();
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('a magazine issue from the admin to the site and the newsletter', () => {
  it('creates a publication and an issue, places three articles in two sections, publishes, and the site and newsletter follow', async () => {
    const p = await suite.signedIn(LOGINS.admin, '/admin/magazine-publications?action=add');
    const site = suite.target.publicUrl('freightwise');

    // publication
    let dialog = p.getByRole('dialog', { name: 'New publication' });
    await dialog.getByLabel(/^Name/).fill(PUBLICATION);
    await dialog.getByLabel('Description').fill('Our quarterly print edition on ports and rates.');
    await dialog.getByLabel('Subscribe URL').fill('https://freightwise.example/subscribe');
    const publication = await saved<{ id: number; canonicalPath: string }>(p, 'createMagazinePublication', () => dialog.getByRole('button', { name: 'Create publication' }).click());
    await toast(p, 'Publication created.');
    await p.getByRole('row').filter({ hasText: PUBLICATION }).waitFor();

    // two sections, in order
    for (const [i, name] of ['Features', 'Departments'].entries()) {
      await p.goto(suite.target.adminUrl('/admin/magazine-sections?action=add'));
      dialog = p.getByRole('dialog', { name: 'New section' });
      await dialog.getByLabel(/^Publication/).selectOption({ label: PUBLICATION });
      await dialog.getByLabel(/^Name/).fill(name);
      await dialog.getByLabel('Position').fill(String(i));
      await dialog.getByRole('button', { name: 'Create section' }).click();
      await toast(p, 'Section created.');
      await dialog.waitFor({ state: 'detached' });
    }

    // the issue, active (published) from the start, cover from the media library's path
    await p.goto(suite.target.adminUrl('/admin/magazine-issues?action=add'));
    dialog = p.getByRole('dialog', { name: 'New issue' });
    await dialog.getByLabel(/^Publication/).selectOption({ label: PUBLICATION });
    await dialog.getByLabel(/^Name/).fill(ISSUE);
    await dialog.getByLabel('Description').fill('Ports, rates and the spring contract season.');
    await dialog.getByLabel(/^Mail date/).fill(MAIL_DATE);
    await dialog.getByLabel(/^Cover image/).fill(COVER);
    await dialog.getByLabel(/^Status/).selectOption('1');
    const issue = await saved<{ id: number; canonicalPath: string; status: number }>(p, 'createMagazineIssue', () => dialog.getByRole('button', { name: 'Create issue' }).click());
    expect(issue.status).toBe(1);
    await toast(p, 'Issue created.');

    // place the three articles: two in Features, one in Departments, then reorder Features
    await p.getByRole('button', { name: `Place stories in ${ISSUE}` }).click();
    await p.getByRole('heading', { name: `Stories of ${ISSUE}` }).waitFor();
    for (const a of [ARTICLES[1], ARTICLES[0], ARTICLES[2]]) {
      await p.getByLabel(/^Place into section/).selectOption({ label: a.section });
      await p.getByLabel('Content id').fill(String(a.id));
      await p.getByRole('button', { name: 'Add by id' }).click();
      await p.getByRole('region', { name: `Section ${a.section}` }).getByText(a.name).waitFor();
    }
    await p.getByRole('button', { name: `Move ${ARTICLES[0].name} up` }).click();
    const features = p.getByRole('region', { name: 'Section Features' }).getByRole('listitem');
    expect((await features.allTextContents()).map(squash)).toEqual([ARTICLES[0], ARTICLES[1]].map((a) => `${a.id} ${a.name}`));
    await screenshot(p, 'magazine-placements', true);
    await saved(p, 'setMagazineIssuePlacements', () => p.getByRole('button', { name: 'Save placements' }).click());
    await toast(p, 'Placements saved.');

    // the issue page: cover and contents by section, in the placed order
    const issueUrl = `${site}${issue.canonicalPath}`;
    await pollUntil('issue page with its contents', async () => {
      const r = await readerGet(issueUrl);
      return r.status === 200 && ARTICLES.every((a) => r.text.includes(a.name.replace(/&/g, '&amp;')));
    });
    const $ = load((await readerGet(issueUrl)).text);
    expect(squash($('h1').text())).toBe(ISSUE);
    const cover = $('.issue-header .issue-cover img');
    expect(cover.attr('src') ?? '').toMatch(/container-stack/);
    expect(cover.attr('alt')).toBeTruthy();
    const toc = $('.issue-contents .issue-section').toArray().map((s) => ({
      section: squash($(s).find('h3').first().text()),
      titles: $(s).find('.item-title a').toArray().map((a) => squash($(a).text())),
    }));
    expect(toc).toEqual([
      { section: 'Features', titles: [ARTICLES[0].name, ARTICLES[1].name] },
      { section: 'Departments', titles: [ARTICLES[2].name] },
    ]);
    const articleHref = $('.issue-section .item-title a').first().attr('href')!;

    // the publication page lists it as the latest issue
    const $pub = load((await readerGet(`${site}${publication.canonicalPath}`)).text);
    expect($pub('.publication-latest .issue-title a').attr('href')).toBe(issue.canonicalPath);

    // the article's issue line, followed in the browser to the issue page
    await pollUntil('issue line on the article', async () => (await readerGet(`${site}${articleHref}`)).text.includes(PUBLICATION));
    const reader = await suite.fresh();
    await reader.goto(`${site}${articleHref}`);
    const line = reader.locator('.content-issue a');
    expect(squash((await line.textContent()) ?? '')).toBe(`From the March 2026 issue of ${PUBLICATION}`);
    await screenshot(reader, 'magazine-article-issue-line');
    await line.click();
    await reader.waitForURL((u) => u.pathname.replace(/\/$/, '') === issue.canonicalPath);
    await reader.locator('.issue-cover img').waitFor();
    expect(await reader.locator('.issue-cover img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(reader, 'magazine-issue-page', true);

    // a newsletter campaign's issue block renders the new issue (the publication's latest)
    await p.goto(suite.target.adminUrl('/admin/create-newsletter-campaign'));
    await p.getByRole('heading', { name: 'New campaign' }).waitFor();
    await p.getByLabel(/^Name/).fill(`E2E In Print ${STAMP}`);
    await p.getByLabel(/^Template/).selectOption({ label: 'FreightWise Daily Briefing' });
    await p.getByLabel('New row columns').selectOption('1');
    await p.getByRole('button', { name: 'Add row' }).click();
    await p.getByRole('button', { name: 'Add block to row 1, column 1' }).click();
    await p.getByLabel('Block type').selectOption('issue');
    const block = p.getByRole('dialog', { name: 'Magazine issue settings' });
    await block.getByLabel(/^Publication id/).fill(String(publication.id));
    await block.getByLabel(/^Display/).selectOption('image_above_text');
    await block.getByLabel(/^Text/).fill('<p>In [magazine-name]: [issue-description]</p>');
    await block.getByRole('button', { name: 'Apply' }).click();
    await block.waitFor({ state: 'detached' });
    const frame = p.locator('iframe[title="Email preview"]');
    await expect.poll(async () => {
      const $mail = load((await frame.getAttribute('srcdoc').catch(() => null)) ?? '');
      return squash($mail('body').text()).includes(`In ${PUBLICATION}: Ports, rates and the spring contract season.`)
        && $mail('img').toArray().some((img) => ($mail(img).attr('src') ?? '').includes('container-stack'));
    }, { timeout: 20_000 }).toBe(true);
    await screenshot(p, 'magazine-newsletter-issue-block', true);
  }, 180_000);
});
