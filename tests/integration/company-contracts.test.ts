// Contributor contracts (issue 22; admin §3.6): staff create a contract, the contributor gets a link
// by e-mail (in-process SMTP), opens /contract/:id on the site's host over real HTTP, approves by
// typing their name; both sides get the approved copy, the contract locks, the label reads
// "<name> Approved <date>". Links are unguessable, expire and can be revoked.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../../engine/mail';
import { startTestSmtpServer, type TestSmtpServer } from '../../engine/mail/testing';
import { snapshotCounts, startApi, type Harness } from './api-harness';

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-05T10:00:00.000Z');
let clock = NOW;
let h: Harness;
let smtp: TestSmtpServer;
let mailer: Mailer;
let port = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  mailer = createMailer({ transport: 'smtp', url: smtp.url, defaultFrom: 'Alpha News <desk@alpha.localhost>' });
  h = await startApi({ now: () => clock, members: { mailer, siteUrl: (t) => `http://${t.domain}:4000` } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
});
afterAll(async () => { await h.close(); await mailer.close(); await smtp.close(); });

function http(method: 'GET' | 'POST', path: string, body?: Record<string, string>, host = 'alpha.localhost', from?: string): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const payload = body ? new URLSearchParams(body).toString() : undefined;
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, method, path, ...(from ? { localAddress: from } : {}), headers: {
      host, 'user-agent': 'ContractTest/1.0', ...(payload ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload) } : {}),
    } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', fail);
    req.end(payload);
  });
}

const input = {
  contributorName: 'Zoë Writer', contributorEmail: 'Zoe@Example.com', rate: '$500 per article', startsOn: '2026-03-01', endsOn: '2026-12-31',
  template: '<p>{{name}} writes for us at {{rate}} from {{start}} to {{end}}.</p><script>alert(1)</script>',
};

describe('contributor contracts', () => {
  let id = 0;
  let link = '';
  it('creates a Pending contract with its terms filled and sanitised, and e-mails the contributor an unguessable link', async () => {
    const r = await h.op('createContract', { input }, { as: 'alphaAdmin' });
    expect(r.error).toBeUndefined();
    const c = r.data.createContract.contract;
    id = c.id;
    link = r.data.createContract.link;
    expect(c).toMatchObject({ status: 'pending', label: 'Zoë Writer Pending', contributorEmail: 'zoe@example.com', linkActive: true });
    expect(c.terms).toBe('<p>Zoë Writer writes for us at $500 per article from 2026-03-01 to 2026-12-31.</p>');
    const u = new URL(link);
    expect(u.origin).toBe('http://alpha.localhost:4000');
    expect(u.pathname).toBe(`/contract/${id}`);
    expect(u.searchParams.get('t')).toMatch(/^mhc_[A-Za-z0-9_-]{43}$/);
    const [row] = await h.store.all<{ token_hash: string }>('select token_hash from contracts where id = ?', [id]);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(u.searchParams.get('t'));
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual(['zoe@example.com']);
    expect(load(String(mail!.parsed.html))(`a[href="${link}"]`).length).toBe(1);
  });

  it('the link opens the terms and a form on the site host; a wrong token, another tenant\'s host or a bad name are refused', async () => {
    const path = new URL(link).pathname + new URL(link).search;
    const page = await http('GET', path);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const $ = load(page.text);
    expect($('.terms p').text()).toContain('Zoë Writer writes for us');
    expect($('script').length).toBe(0);
    expect($(`form[action="/contract/${id}"] input[name="name"]`).length).toBe(1);
    const t = new URL(link).searchParams.get('t')!;
    const forged = `${t.slice(0, -2)}${t.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await http('GET', `/contract/${id}?t=${forged}`)).status).toBe(404);
    expect((await http('GET', path, undefined, 'beta.localhost')).status).toBe(404);
    const wrong = await http('POST', `/contract/${id}`, { t, name: 'Someone Else' });
    expect(wrong.status).toBe(400);
    expect(load(wrong.text)('[role="alert"]').text()).toContain('name: Must match');
    expect((await h.op('getContract', { id }, { as: 'alphaAdmin' })).data.getContract.status).toBe('pending');
  });

  it('approving by typing the name records time, truncated IP and user agent, mails both sides and locks the contract', async () => {
    const t = new URL(link).searchParams.get('t')!;
    clock = NOW + DAY;
    const r = await http('POST', `/contract/${id}`, { t, name: '  zoe   writer ' });
    clock = NOW;
    expect(r.status).toBe(303);
    const c = (await h.op('getContract', { id }, { as: 'alphaAdmin' })).data.getContract;
    expect(c).toMatchObject({ status: 'approved', label: 'Zoë Writer Approved March 6, 2026', approvedName: 'zoe   writer', approvedIp: '127.0.0.0', approvedUserAgent: 'ContractTest/1.0' });
    expect(c.approvedAt).toBe(new Date(NOW + DAY).toISOString());
    const all = await smtp.waitFor(2);
    const copy = all[1]!;
    expect(copy.envelope.to.sort()).toEqual(['admin@alpha.example', 'zoe@example.com']);
    expect(copy.parsed.subject).toContain('Contract approved: Zoë Writer');
    expect(load(String(copy.parsed.html))('p').text()).toContain('Zoë Writer writes for us');
    const locked = await http('GET', `/contract/${id}?t=${t}`);
    const $ = load(locked.text);
    expect($('[role="status"]').text()).toContain('Approved by zoe   writer on March 6, 2026');
    expect($('form').length).toBe(0);
    const again = await http('POST', `/contract/${id}`, { t, name: 'Zoë Writer' });
    expect(again.status).toBe(200);
    const before = await snapshotCounts(h);
    const upd = await h.op('updateContract', { id, input }, { as: 'alphaAdmin' });
    expect(upd.status).toBe(409);
    expect(await snapshotCounts(h)).toEqual(before);
    expect((await h.op('deleteContract', { id }, { as: 'alphaAdmin' })).status).toBe(409);
    const select = await h.op('getContractStreamForSelect', {}, { as: 'alphaEditor' });
    expect(select.data.getContractStreamForSelect).toEqual([{ id, label: 'Zoë Writer Approved March 6, 2026' }]);
  });

  it('a link stops working when revoked, replaced or expired', async () => {
    clock = NOW;
    const r = await h.op('createContract', { input: { ...input, contributorName: 'Pat Later', contributorEmail: 'pat@example.com' } }, { as: 'alphaAdmin' });
    const cid = r.data.createContract.contract.id;
    const first = new URL(r.data.createContract.link);
    expect((await http('GET', first.pathname + first.search)).status).toBe(200);
    const second = new URL((await h.op('sendContractLink', { id: cid }, { as: 'alphaAdmin' })).data.sendContractLink.link);
    expect((await http('GET', first.pathname + first.search)).status).toBe(404);
    expect((await http('GET', second.pathname + second.search)).status).toBe(200);
    expect((await h.op('revokeContractLink', { id: cid }, { as: 'alphaAdmin' })).data.revokeContractLink.linkActive).toBe(false);
    expect((await http('GET', second.pathname + second.search)).status).toBe(404);
    const third = new URL((await h.op('sendContractLink', { id: cid }, { as: 'alphaAdmin' })).data.sendContractLink.link);
    expect((await http('GET', third.pathname + third.search)).status).toBe(200);
    clock = NOW + 31 * DAY;
    expect((await http('GET', third.pathname + third.search)).status).toBe(404);
    expect((await http('POST', third.pathname, { t: third.searchParams.get('t')!, name: 'Pat Later' })).status).toBe(404);
    clock = NOW;
  });

  it('limits each contract link across client addresses too, so a second address gets no fresh tries at it (issue 41)', async () => {
    const statuses = async (path: string, from: string, n: number) => {
      const out = new Set<number>();
      for (let i = 0; i < n; i++) out.add((await http('GET', path, undefined, 'alpha.localhost', from)).status);
      return out;
    };
    const guessed = '/contract/777001?t=guess';
    // 30 per address (per 15 minutes), 60 per contract link from all addresses together.
    expect(new Set([...await statuses(guessed, '127.0.0.2', 30), ...await statuses(guessed, '127.0.0.3', 30)])).toEqual(new Set([404]));
    expect((await http('GET', guessed, undefined, 'alpha.localhost', '127.0.0.4')).status).toBe(429);
    expect((await http('GET', '/contract/777002?t=guess', undefined, 'alpha.localhost', '127.0.0.4')).status).toBe(404);
  });

  it('checks permission, tenant and input, naming the field and writing nothing', async () => {
    clock = NOW;
    const before = await snapshotCounts(h);
    const contracts = await h.count('contracts');
    expect((await h.op('createContract', { input }, { as: 'alphaEditor' })).status).toBe(403);
    expect((await h.op('createContract', { input }, { as: 'alphaAdmin', tenant: 'beta' })).status).toBe(403);
    expect((await h.op('getContract', { id }, { as: 'admin', tenant: 'beta' })).status).toBe(404);
    const bad = await h.op('createContract', { input: { ...input, contributorEmail: 'nope' } }, { as: 'alphaAdmin' });
    expect(bad.status).toBe(400);
    expect(bad.error!.extensions.field).toBe('input.contributorEmail');
    expect((await h.op('createContract', { input: { ...input, endsOn: '2026-01-01' } }, { as: 'alphaAdmin' })).error!.extensions.field).toBe('input.endsOn');
    expect(await h.count('contracts')).toBe(contracts);
    expect(await snapshotCounts(h)).toEqual(before);
  });
  it('a contract names only a person of its own tenant: another tenant\'s or an unknown person is refused naming input.personId, nothing written', async () => {
    clock = NOW;
    const alphaPerson = 110;
    const betaPerson = 210;
    const made = await h.op('createContract', { input: { ...input, personId: alphaPerson } }, { as: 'alphaAdmin' });
    expect(made.error).toBeUndefined();
    const cid = made.data.createContract.contract.id;
    const contracts = await h.count('contracts');
    const history = await h.count('history');
    const sent = h.mail.length;
    for (const personId of [betaPerson, 99_999]) {
      for (const r of [
        await h.op('createContract', { input: { ...input, personId } }, { as: 'alphaAdmin' }),
        await h.op('updateContract', { id: cid, input: { ...input, personId } }, { as: 'alphaAdmin' }),
      ]) {
        expect(r.status).toBe(400);
        expect(r.error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.personId' });
        expect(r.error!.message).toContain(`Unknown person ${personId}`);
      }
    }
    expect(await h.count('contracts')).toBe(contracts);
    expect(await h.count('history')).toBe(history);
    expect(h.mail.length).toBe(sent);
    const [row] = await h.store.all<{ person_id: number }>('select person_id from contracts where id = ?', [cid]);
    expect(Number(row!.person_id)).toBe(alphaPerson);
  });
  it('feeds the content editor: an item names a contract from getContractStreamForSelect; another tenant\'s is refused; deleting it clears the link', async () => {
    clock = NOW;
    const options = (await h.op('getContractStreamForSelect', {}, { as: 'alphaEditor' })).data.getContractStreamForSelect;
    expect(options).toContainEqual({ id, label: 'Zoë Writer Approved March 6, 2026' });
    const article = 10_010_001;
    const named = await h.op('updateContent', { id: article, input: { contractId: id } }, { as: 'alphaEditor' });
    expect(named.error).toBeUndefined();
    expect(named.data.updateContent.contractId).toBe(id);
    const pending = (await h.op('createContract', { input: { ...input, contributorName: 'Sam Short' } }, { as: 'alphaAdmin' })).data.createContract.contract.id;
    const other = (await h.op('createContract', { input }, { as: 'admin', tenant: 'beta' })).data.createContract.contract.id;
    const refused = await h.op('updateContent', { id: article, input: { contractId: other } }, { as: 'alphaEditor' });
    expect(refused.error!.extensions.field).toBe('contractId');
    expect(refused.error!.message).toContain(`Unknown contract ${other}`);
    await h.op('updateContent', { id: article, input: { contractId: pending } }, { as: 'alphaEditor' });
    await h.op('deleteContract', { id: pending }, { as: 'alphaAdmin' });
    expect((await h.op('getContent', { id: article, status: 'any' }, { as: 'alphaEditor' })).data.getContent.contractId).toBeNull();
    expect((await h.op('updateContent', { id: article, input: { contractId: null } }, { as: 'alphaEditor' })).data.updateContent.contractId).toBeNull();
  });
  it('getContractStreamForSelect answers at most 1000 contracts (admin §9), newest first, and the list pages within that cap', async () => {
    // 1001 more, written straight to the table: the cap, not the mail, is under test.
    await h.store.run(`with recursive n(i) as (select 1 union all select i + 1 from n where i < 1001)
      insert into contracts (tenant_key, contributor_name, contributor_email, template, terms, created_at, updated_at)
      select 'alpha', 'Bulk ' || i, 'bulk' || i || '@example.com', '<p>t</p>', '<p>t</p>', cast(? as bigint) + i, cast(? as bigint) + i from n`, [NOW, NOW]);
    const select = (await h.op('getContractStreamForSelect', {}, { as: 'alphaEditor' })).data.getContractStreamForSelect;
    expect(select).toHaveLength(1000);
    expect(select[0].label).toBe('Bulk 1001 Pending');
    const page = (await h.op('getContractStream', { limit: 5000 }, { as: 'alphaAdmin' })).data.getContractStream;
    expect(page.items).toHaveLength(1000);
    expect(page.totalCount).toBeGreaterThan(1001);
  });
});
