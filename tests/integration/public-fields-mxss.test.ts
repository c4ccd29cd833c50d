// Typed text that reaches a public page or an e-mail stays text (issue 41, item 11): every entry of
// the mXSS corpus goes through the contract's contributor name and rate (the contract page, its
// refusal of a wrong name, the link e-mail), the name typed to approve it (the locked page, the
// approved copy mailed to both sides) and through a company's name and contact name (the
// company-update page and its link e-mail). Each output is parsed as a browser or mail client would
// (cheerio): no script, no event handler, no javascript: URL, no element the payload tried to open,
// and the text reads exactly as typed.
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../../engine/mail';
import { activeAttributes, MXSS_CORPUS } from '../helpers/mxss-corpus';
import { setTenantSetting } from '../helpers/tenant-settings';
import { startApi, type Harness } from './api-harness';

let h: Harness;
const sent: MailMessage[] = [];
const mailer: Mailer = {
  kind: 'smtp',
  async send(m) { sent.push(m); return { messageId: String(sent.length), accepted: [String(m.to)], rejected: [] }; },
  async close() {},
};

beforeAll(async () => {
  h = await startApi({ members: { mailer, siteUrl: (t) => `http://${t.domain}` } });
  await setTenantSetting(h.store, 'alpha', 'modules', { companyUpdates: true });
});
afterAll(async () => { await h?.close(); });

/**
 * Elements a payload tries to open; none belongs to these pages or mails (the company-update form's
 * own fields are named f-…).
 */
const FOREIGN = 'script, img, svg, math, iframe, object, embed, noscript, template, xmp, noembed, textarea:not([id^="f-"]), select:not([id^="f-"]), title:not(head > title), body style, mglyph, mtext';

/** The page or mail as a browser reads it: inert, whatever the payload. */
function expectInert(html: string): ReturnType<typeof load> {
  const $ = load(html);
  expect($(FOREIGN).length, $(FOREIGN).toString()).toBe(0);
  expect(activeAttributes($)).toEqual([]);
  return $;
}

/** A GET or POST on alpha's own host, each from its own address (the pages are rate-limited per address). */
let address = 0;
async function site(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
  address += 1;
  const r = await h.app.inject({
    method, url, remoteAddress: `198.51.${Math.floor(address / 250)}.${(address % 250) + 1}`,
    headers: { host: 'alpha.localhost', ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
  });
  return { status: r.statusCode, html: r.body };
}

const cases = MXSS_CORPUS.map((p, i) => [i, p] as const);

describe('the contract page and mail', () => {
  it.each(cases)('payload %i as contributor name and rate stays text', async (i, payload) => {
    const before = sent.length;
    const r = await h.op('createContract', { input: {
      contributorName: payload, contributorEmail: `c${i}@example.com`, rate: payload, template: '<p>{{name}} at {{rate}}.</p>',
    } }, { as: 'alphaAdmin' });
    expect(r.error).toBeUndefined();
    const link = new URL(r.data.createContract.link);
    const page = await site('GET', link.pathname + link.search);
    expect(page.status).toBe(200);
    const $ = expectInert(page.html);
    expect($('main > p strong').first().text()).toBe(payload);
    expect($('main > p').first().text()).toContain(`rate ${payload}`);
    expect($('label[for="name"]').text()).toBe(`Type your full name (${payload}) to approve`);
    expect($('.terms').text()).toBe(`${payload} at ${payload}.`);

    const wrong = await site('POST', link.pathname, { t: link.searchParams.get('t')!, name: 'Someone Else' });
    expect(wrong.status).toBe(400);
    expect(expectInert(wrong.html)('[role="alert"]').text()).toBe(`name: Must match the contributor's name, ${payload}`);

    const mail = sent.slice(before).find((m) => m.to === `c${i}@example.com`);
    expect(mail?.html).toBeTruthy();
    expect(expectInert(mail!.html!)('body').text()).toContain(`Hello ${payload},`);

    // The name the visitor types reaches the locked page and the approved copy mailed to staff.
    const approved = await site('POST', link.pathname, { t: link.searchParams.get('t')!, name: payload });
    expect(approved.status).toBe(303);
    const locked = await site('GET', link.pathname + link.search);
    expect(expectInert(locked.html)('[role="status"]').text()).toContain(`Approved by ${payload} on`);
    const copy = sent.slice(before).find((m) => Array.isArray(m.to) && m.to.includes(`c${i}@example.com`));
    expect(copy?.html).toBeTruthy();
    expect(expectInert(copy!.html!)('body').text()).toContain(payload);
  });
});

describe('the company-update page and mail', () => {
  it.each(cases)('payload %i as company name and contact name stays text', async (i, payload) => {
    const company = await h.op('createContent', { input: { type: 'Company', name: payload, status: 1, primarySectionId: 103 } }, { as: 'alphaEditor' });
    expect(company.error).toBeUndefined();
    const before = sent.length;
    const r = await h.op('createCompanyUpdate', { input: { contentId: company.data.createContent.id, contactName: payload, contactEmail: `u${i}@example.com` } }, { as: 'alphaEditor' });
    expect(r.error).toBeUndefined();
    const link = new URL(r.data.createCompanyUpdate.link);
    const page = await site('GET', link.pathname);
    expect(page.status).toBe(200);
    expect(expectInert(page.html)('main').text()).toContain(payload);

    const mail = sent.slice(before).find((m) => m.to === `u${i}@example.com`);
    expect(mail?.html).toBeTruthy();
    const text = expectInert(mail!.html!)('body').text();
    expect(text).toContain(`Hello ${payload},`);
    expect(text).toContain(`the profile of ${payload}`);
  });
});
