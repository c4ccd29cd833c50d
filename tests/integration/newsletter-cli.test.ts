// `masthead newsletter render|send` on a seeded database, through the TypeScript sources and the
// compiled CLI (dist/cli, what bin/masthead.js runs): both pass the same tests.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_RUNNERS, ensureCompiledCli, type CliRunner } from '../helpers/cli';
import { parseMail, startTestSmtpServer, type TestSmtpServer } from '../../engine/mail/testing';
import { verifyUnsubscribeToken } from '../../engine/newsletter/unsubscribe';
import { upsertSubscription } from '../../engine/store/queries/newsletters';
import { IDS, TENANT, newsletterTestDb } from './newsletter-helpers';

let smtp: TestSmtpServer;

beforeAll(ensureCompiledCli, 180_000);
beforeAll(async () => { smtp = await startTestSmtpServer(); });
afterAll(async () => { await smtp.close(); });

/** A seeded database with one subscriber, for one CLI's turn (a deployed campaign cannot deploy again). */
async function seededDb(): Promise<string> {
  const db = await newsletterTestDb();
  await upsertSubscription(db.store.db, { tenantKey: TENANT, newsletterId: IDS.newsletter, email: 'sub@example.com', source: 'Registration', at: 1 });
  const path = db.store.path;
  await db.close();
  return path;
}

/** Runs the command; resolves with stdout and stderr together, rejects with stderr on a non-zero exit. */
function runner(cli: CliRunner, dbPath: () => string) {
  return async (args: string[], env: Record<string, string> = {}) => {
    const r = await cli.run(['--db', dbPath(), ...args], env);
    if (r.code !== 0) throw new Error(r.stderr || `exit ${r.code}`);
    return r.stdout + r.stderr;
  };
}

describe.each(CLI_RUNNERS)('masthead newsletter ($name CLI)', (cli) => {
  let dbPath = '';
  beforeAll(async () => { dbPath = await seededDb(); });
  const run = runner(cli, () => dbPath);
  it('renders a campaign to a file, or its text part to stdout', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'nl-cli-')), 'issue.html');
    const line = await run(['newsletter', 'render', String(IDS.campaign), '--out', file, '--origin-template', 'https://{key}.example']);
    expect(line).toMatch(/Wrote HTML of campaign 10/);
    const $ = load(readFileSync(file, 'utf8'));
    expect($('title').text()).toBe('Alpha Daily: the morning briefing');
    expect($('a[href^="https://alpha.example/"]').length).toBeGreaterThan(5);
    const text = await run(['newsletter', 'render', String(IDS.campaign), '--text']);
    expect(text).toContain('== Top Stories ==');
    const json = JSON.parse(await run(['--json', 'newsletter', 'render', String(IDS.campaign), '--mjml'])) as { body: string; inputs: { templateId: number } };
    expect(json.body).toMatch(/^<mjml lang="en"/);
    expect(json.inputs.templateId).toBe(IDS.template);
  });

  it('sends a test to the development outbox as .eml files with one-click unsubscribe headers', async () => {
    const outbox = join(mkdtempSync(join(tmpdir(), 'nl-outbox-')), 'outbox');
    const line = await run(['newsletter', 'send', String(IDS.campaign), '--test', '--origin-template', 'https://{key}.example'], { MASTHEAD_OUTBOX: outbox });
    expect(line).toMatch(/warning: MASTHEAD_UNSUBSCRIBE_SECRET is not set/);
    expect(line).toMatch(/Test of campaign 10: 2 of 2 sent to /);
    const files = readdirSync(outbox);
    expect(files).toHaveLength(2);
    const mails = await Promise.all(files.map((f) => parseMail(readFileSync(join(outbox, f)))));
    expect(mails.flatMap((m) => m.to).sort()).toEqual(['ada@alpha.example', 'bo@alpha.example']);
    for (const m of mails) {
      expect(m.subject).toBe('[TEST] Alpha Daily: the morning briefing');
      expect(m.headers.get('list-unsubscribe')).toMatch(/^<https:\/\/alpha\.example\/api\/newsletter\/unsubscribe\?token=/);
      expect(m.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    }
  });

  it('deploys through SMTP with the configured secret and refuses SMTP without one', async () => {
    const secret = 'cli-secret-0123456789';
    await expect(run(['newsletter', 'send', String(IDS.campaign)], { MASTHEAD_SMTP_URL: smtp.url })).rejects.toThrow(/MASTHEAD_UNSUBSCRIBE_SECRET/);
    const before = smtp.messages.length;
    const line = await run(['newsletter', 'send', String(IDS.campaign), '--rate', '50', '--unsubscribe-url', '{origin}/u'], {
      MASTHEAD_SMTP_URL: smtp.url, MASTHEAD_UNSUBSCRIBE_SECRET: secret, MASTHEAD_MAIL_FROM: 'Ops <ops@masthead.test>',
    });
    expect(line).toMatch(/Deployed campaign 10: 1 of 1 sent through SMTP/);
    const mail = (await smtp.waitFor(before + 1))[before];
    expect(mail!.envelope.to).toEqual(['sub@example.com']);
    const link = /^<(.+)>$/.exec(mail!.parsed.headers.get('list-unsubscribe') ?? '')![1]!;
    expect(link.startsWith('https://alpha.localhost/u?token=')).toBe(true);
    expect(verifyUnsubscribeToken(secret, new URL(link).searchParams.get('token'))).toEqual({ tenantKey: TENANT, newsletterId: IDS.newsletter, email: 'sub@example.com' });
    await expect(run(['newsletter', 'send', String(IDS.campaign)], { MASTHEAD_SMTP_URL: smtp.url, MASTHEAD_UNSUBSCRIBE_SECRET: secret })).rejects.toThrow(/already/i);
  });

  it('refuses half a DKIM configuration', async () => {
    await expect(run(['newsletter', 'send', String(IDS.campaign), '--test'], { MASTHEAD_DKIM_DOMAIN: 'alpha.example' })).rejects.toThrow(/DKIM needs MASTHEAD_DKIM_DOMAIN, MASTHEAD_DKIM_SELECTOR and MASTHEAD_DKIM_KEY_FILE/);
  });

  it('names an unknown campaign', async () => {
    await expect(run(['newsletter', 'render', '999999'])).rejects.toThrow('Newsletter campaign 999999 was not found.');
  });

});
