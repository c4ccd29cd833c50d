// Company updates (issue 22; admin §2.1 /company-update/:hash, §2.2): staff request an update of a
// Company item, the contact gets an unguessable link by e-mail (in-process SMTP), opens the public
// page on the site's host over real HTTP without an account, and submits; the submission is stored
// as pending (nothing published). Staff review field by field: accepted fields are applied through
// the content write path (history, one rebuild request), rejected ones are not, and the contact is
// told. Links expire and can be revoked; the module must be on; input is validated and escaped.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_UPDATE_LINK_LIFETIME_MS } from '../../engine/domain/company-updates';
import { createMailer, type Mailer } from '../../engine/mail';
import { startTestSmtpServer, type TestSmtpServer } from '../../engine/mail/testing';
import { snapshotCounts, startApi, type Harness } from './api-harness';
import { setTenantSetting } from '../helpers/tenant-settings';

const NOW = Date.parse('2026-03-05T10:00:00.000Z');
let clock = NOW;
let h: Harness;
let smtp: TestSmtpServer;
let mailer: Mailer;
let port = 0;
let companyId = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  mailer = createMailer({ transport: 'smtp', url: smtp.url, defaultFrom: 'Alpha News <desk@alpha.localhost>' });
  h = await startApi({ now: () => clock, members: { mailer, siteUrl: (t) => `http://${t.domain}:4000` } });
  // The module is switched on for alpha only (site settings modules.companyUpdates).
  await setTenantSetting(h.store, 'alpha', 'modules', { companyUpdates: true });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
  const r = await h.op('createContent', { input: {
    type: 'Company', name: 'Harbor Cranes Inc', teaser: 'Cranes for ports.', status: 1, primarySectionId: 103, linkUrl: 'https://old.example/',
    metadata: { companyProfile: { address: '1 Quay Road', products: ['STS cranes'] } },
  } }, { as: 'alphaEditor' });
  expect(r.error).toBeUndefined();
  companyId = r.data.createContent.id;
});
afterAll(async () => { await h.close(); await mailer.close(); await smtp.close(); });

function http(method: 'GET' | 'POST', path: string, body?: Record<string, string>, host = 'alpha.localhost', from = '127.0.0.1'): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const payload = body ? new URLSearchParams(body).toString() : undefined;
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', localAddress: from, port, method, path, headers: {
      host, ...(payload ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload) } : {}),
    } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', fail);
    req.end(payload);
  });
}

const formOf = (html: string) => {
  const $ = load(html);
  return Object.fromEntries($('form input, form textarea').toArray().map((e) => [$(e).attr('name')!, $(e).is('textarea') ? $(e).text() : $(e).attr('value') ?? '']));
};

async function requestUpdate(): Promise<{ id: number; link: string; path: string }> {
  const r = await h.op('createCompanyUpdate', { input: { contentId: companyId, contactName: 'Casey Crane', contactEmail: 'Casey@Harbor.example' } }, { as: 'alphaEditor' });
  expect(r.error).toBeUndefined();
  const link = r.data.createCompanyUpdate.link as string;
  return { id: r.data.createCompanyUpdate.update.id, link, path: new URL(link).pathname };
}

describe('company updates', () => {
  let first = { id: 0, link: '', path: '' };

  it('e-mails the contact an unguessable link; the page shows the current profile as a form without an account', async () => {
    first = await requestUpdate();
    expect(new URL(first.link).origin).toBe('http://alpha.localhost:4000');
    expect(first.path).toMatch(/^\/company-update\/mhu_[A-Za-z0-9_-]{43}$/);
    const [row] = await h.store.all<{ token_hash: string; token_expires_at: number }>('select token_hash, token_expires_at from company_updates where id = ?', [first.id]);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_expires_at).toBe(NOW + COMPANY_UPDATE_LINK_LIFETIME_MS);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual(['casey@harbor.example']);
    expect(load(String(mail!.parsed.html))(`a[href="${first.link}"]`).length).toBe(1);

    const page = await http('GET', first.path);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(formOf(page.text)).toEqual({
      description: 'Cranes for ports.', website: 'https://old.example/', address: '1 Quay Road', phone: '', email: '', socialLinks: '', products: 'STS cranes',
    });
  });

  it('refuses bad input naming the field, keeps the typed values escaped, and stores nothing', async () => {
    const before = await snapshotCounts(h);
    const bad = await http('POST', first.path, { description: '<script>x</script>', website: 'javascript:alert(1)', address: '', phone: '', email: 'nope', socialLinks: '', products: '' });
    expect(bad.status).toBe(400);
    const $ = load(bad.text);
    expect($('#f-website-error').text()).toContain('website: Must be a web address');
    expect($('#f-email-error').text()).toContain('email: Must be an e-mail address');
    expect($('script').length).toBe(0);
    expect($('#f-description').text()).toBe('<script>x</script>');
    expect(await snapshotCounts(h)).toEqual(before);
    const [row] = await h.store.all<{ status: string }>('select status from company_updates where id = ?', [first.id]);
    expect(row!.status).toBe('requested');
  });

  it('stores a submission as pending: nothing is published, the diff shows the changed fields', async () => {
    const changesBefore = h.changes.length;
    const ok = await http('POST', first.path, {
      description: 'Ship-to-shore cranes for container ports.', website: 'https://harbor.example/', address: '1 Quay Road',
      phone: '+1 555 0100', email: '', socialLinks: 'https://social.example/harbor', products: 'STS cranes\nRTG cranes',
    });
    expect(ok.status).toBe(303);
    expect(load((await http('GET', first.path)).text)('[role=status]').text()).toContain('was received');
    expect(h.changes.length).toBe(changesBefore);
    const [item] = await h.store.all<{ teaser: string }>('select teaser from content where id = ?', [companyId]);
    expect(item!.teaser).toBe('Cranes for ports.');
    const u = (await h.op('getCompanyUpdate', { id: first.id }, { as: 'alphaEditor' })).data.getCompanyUpdate;
    expect(u.status).toBe('submitted');
    expect(u.fields.filter((f: { changed: boolean }) => f.changed).map((f: { field: string }) => f.field)).toEqual(['description', 'website', 'phone', 'socialLinks', 'products']);
    expect(u.fields.find((f: { field: string }) => f.field === 'products')).toMatchObject({ current: 'STS cranes', proposed: 'STS cranes\nRTG cranes' });
  });

  it('applies only the accepted fields through the content write path, with history and one rebuild, and tells the contact', async () => {
    const changesBefore = h.changes.length;
    const noMessage = await h.op('reviewCompanyUpdate', { id: first.id, input: { accept: [] } }, { as: 'alphaEditor' });
    expect(noMessage.error!.message).toContain('input.message');
    const r = await h.op('reviewCompanyUpdate', { id: first.id, input: { accept: ['description', 'products'], message: 'We could not verify the new website.' } }, { as: 'alphaEditor' });
    expect(r.error).toBeUndefined();
    expect(r.data.reviewCompanyUpdate.status).toBe('applied');
    const [item] = await h.store.all<{ teaser: string; link_url: string; metadata: string }>('select teaser, link_url, metadata from content where id = ?', [companyId]);
    expect(item!.teaser).toBe('Ship-to-shore cranes for container ports.');
    expect(item!.link_url).toBe('https://old.example/');
    expect(JSON.parse(item!.metadata).companyProfile).toEqual({ address: '1 Quay Road', products: ['STS cranes', 'RTG cranes'] });
    expect(h.changes.slice(changesBefore)).toEqual([{ tenantKey: 'alpha', change: expect.objectContaining({ entity: 'content', ids: [companyId] }) }]);
    const hist = await h.store.all<{ entity_type: string; action: string }>(`select entity_type, action from history where entity_id in (?, ?) order by id desc limit 2`, [String(companyId), String(first.id)]);
    expect(hist.map((x) => `${x.entity_type}:${x.action}`).sort()).toEqual(['company-update:review', 'content:update']);
    const [, outcome] = await smtp.waitFor(2);
    expect(outcome!.envelope.to).toEqual(['casey@harbor.example']);
    expect(outcome!.parsed.text).toContain('Published: Description, Products.');
    expect(outcome!.parsed.text).toContain('Not published: Website, Phone, Social links.');
    expect(outcome!.parsed.text).toContain('We could not verify the new website.');
    // The link stops working once reviewed; a second review is refused.
    expect((await http('GET', first.path)).status).toBe(404);
    expect((await h.op('reviewCompanyUpdate', { id: first.id, input: { accept: ['website'] } }, { as: 'alphaEditor' })).error!.message).toContain('already reviewed');
  });

  it('stops the link after revocation or expiry', async () => {
    const revoked = await requestUpdate();
    expect((await http('GET', revoked.path)).status).toBe(200);
    await h.op('revokeCompanyUpdateLink', { id: revoked.id }, { as: 'alphaEditor' });
    expect((await http('GET', revoked.path)).status).toBe(404);
    const expiring = await requestUpdate();
    clock = NOW + COMPANY_UPDATE_LINK_LIFETIME_MS + 1;
    try {
      expect((await http('GET', expiring.path)).status).toBe(404);
      expect((await http('POST', expiring.path, { description: 'x' })).status).toBe(404);
    } finally { clock = NOW; }
    // Another tenant's host does not answer this tenant's link; a made-up token is refused.
    expect((await http('GET', expiring.path, undefined, 'beta.localhost')).status).toBe(404);
    expect((await http('GET', `/company-update/mhu_${'A'.repeat(43)}`)).status).toBe(404);
  });

  it('needs manage_content and the tenant module', async () => {
    expect((await h.op('getCompanyUpdateStream', {}, { as: 'alphaViewer' })).error!.extensions.code).toBe('FORBIDDEN');
    const off = await h.op('getCompanyOptions', {}, { as: 'betaEditor', tenant: 'beta' });
    expect(off.error!.message).toContain('Company updates are switched off');
    expect((await h.op('getCompanyOptions', {}, { as: 'alphaEditor' })).data.getCompanyOptions).toEqual([{ id: companyId, name: 'Harbor Cranes Inc' }]);
    const wrongType = await h.op('createCompanyUpdate', { input: { contentId: 10_010_001, contactName: 'X', contactEmail: 'x@example.com' } }, { as: 'alphaEditor' });
    expect(wrongType.error!.message).toContain('input.contentId');
  });

  it('rate-limits the public page per client address (30 requests per 15 minutes)', async () => {
    const link = await requestUpdate();
    let status = 200;
    for (let i = 0; i < 31 && status !== 429; i++) status = (await http('GET', link.path)).status;
    expect(status).toBe(429);
    clock = NOW + 15 * 60_000 + 1;
    try {
      expect((await http('GET', link.path)).status).toBe(200);
    } finally { clock = NOW; }
  });

  it('also limits each link across addresses (60 requests per 15 minutes), so another address gets no more tries at it', async () => {
    const link = await requestUpdate();
    const other = await requestUpdate();
    const statuses = async (from: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await http('GET', link.path, undefined, 'alpha.localhost', from)).status);
      return out;
    };
    expect(new Set([...await statuses('127.0.0.2', 30), ...await statuses('127.0.0.3', 30)])).toEqual(new Set([200]));
    expect((await http('GET', link.path, undefined, 'alpha.localhost', '127.0.0.4')).status).toBe(429);
    expect((await http('GET', other.path, undefined, 'alpha.localhost', '127.0.0.4')).status).toBe(200);
  });
});
