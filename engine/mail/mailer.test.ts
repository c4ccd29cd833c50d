import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { parseMime } from './mime';
import { parseMail, startTestSmtpServer, type TestSmtpServer } from './testing';

describe('mailer over SMTP', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => { smtp = await startTestSmtpServer(); });
  afterAll(async () => { await smtp.close(); });

  it('delivers subject, both parts and extra headers to a real SMTP server', async () => {
    const mailer = createMailer({ transport: 'smtp', url: smtp.url, defaultFrom: 'FreightWise <news@freightwise.test>' });
    const long = `https://freightwise.test/api/newsletter/unsubscribe?token=${'a'.repeat(120)}`;
    const sent = await mailer.send({
      to: 'reader@example.com',
      subject: 'Ports reopen — rates ease',
      html: '<p>Hello <b>reader</b> ü</p>',
      text: 'Hello reader ü',
      headers: { 'List-Unsubscribe': `<${long}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    await mailer.close();
    expect(sent.accepted).toEqual(['reader@example.com']);
    const [msg] = await smtp.waitFor(1);
    expect(msg!.envelope.to).toEqual(['reader@example.com']);
    expect(msg!.envelope.from).toBe('news@freightwise.test');
    expect(msg!.parsed.subject).toBe('Ports reopen — rates ease');
    expect(msg!.parsed.html).toContain('<b>reader</b> ü');
    expect(msg!.parsed.text.trim()).toBe('Hello reader ü');
    expect(msg!.parsed.headers.get('list-unsubscribe')).toBe(`<${long}>`);
    expect(msg!.parsed.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('refuses a header value with a line break and sends nothing', async () => {
    const before = smtp.messages.length;
    const mailer = createMailer({ transport: 'smtp', url: smtp.url, defaultFrom: 'news@freightwise.test' });
    await expect(mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'x', headers: { 'X-Evil': 'a\r\nBcc: victim@example.com' } }))
      .rejects.toMatchObject({ code: 'BAD_USER_INPUT', details: { field: 'headers.X-Evil' } });
    await expect(mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'x', headers: { Bcc: 'victim@example.com' } }))
      .rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(mailer.send({ to: [], subject: 'Hi', text: 'x' })).rejects.toMatchObject({ details: { field: 'to' } });
    await mailer.close();
    expect(smtp.messages.length).toBe(before);
  });
});

describe('development outbox', () => {
  it('writes each message as an .eml file a mail reader can parse', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'masthead-outbox-')), 'outbox');
    const mailer = createMailer({ transport: 'outbox', dir, defaultFrom: 'Plant Pulse <news@plantpulse.test>' });
    const sent = await mailer.send({ to: 'ops@example.com', subject: 'Weekly', html: '<h1>Weekly</h1>', text: 'Weekly' });
    await mailer.close();
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(sent.file).toBe(join(dir, files[0]!));
    const raw = readFileSync(sent.file!);
    const parsed = await parseMail(raw);
    expect(parsed.subject).toBe('Weekly');
    expect(parsed.from).toContain('news@plantpulse.test');
    expect(parsed.to).toEqual(['ops@example.com']);
    expect(parsed.html).toContain('<h1>Weekly</h1>');
    expect(parseMime(raw).html).toContain('<h1>Weekly</h1>');
  });

  it('rejects settings without a sender, naming the field', () => {
    expect(() => createMailer({ transport: 'smtp', url: 'http://nope', defaultFrom: 'a@b.c' })).toThrow(/mail\.url/);
    expect(() => createMailer({ transport: 'outbox', dir: '/tmp/x', defaultFrom: '' })).toThrow(/mail\.defaultFrom/);
  });
});

describe('DKIM', () => {
  it('signs List-Unsubscribe and List-Unsubscribe-Post when a key is configured', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const dir = join(mkdtempSync(join(tmpdir(), 'masthead-dkim-')), 'outbox');
    const mailer = createMailer({
      transport: 'outbox', dir, defaultFrom: 'news@alpha.example',
      dkim: { domainName: 'alpha.example', keySelector: 'nl', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
    });
    const sent = await mailer.send({ to: 'a@example.com', subject: 'Signed', text: 'Hi', headers: { 'List-Unsubscribe': '<https://alpha.example/u?token=x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
    await mailer.close();
    const dkim = (await parseMail(readFileSync(sent.file!))).headers.get('dkim-signature') ?? '';
    const tags = Object.fromEntries(dkim.split(';').map((t) => t.trim().split(/=(.*)/s).slice(0, 2).map((x) => x.replace(/\s+/g, ''))));
    expect(tags).toMatchObject({ d: 'alpha.example', s: 'nl' });
    expect(tags.h!.toLowerCase().split(':')).toEqual(expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']));
  });
});
