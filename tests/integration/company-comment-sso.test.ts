// /users/validate/viafoura (issue 22; admin §2.1, public §6): the comment provider's sign-on check
// on a site host answers the signed-in member as JSON, only while the tenant has memberships with
// commenting on, never for another tenant's session or a staff simulation, and never cached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_SSO_PATH, COMMENT_SSO_TEXTS } from '../../api/members/comment-sso';
import { issueMemberSession } from '../../engine/services/members/sessions';
import { insertSiteUser } from '../../engine/store/queries/members';
import { startApi, type Harness } from './api-harness';
import { setTenantSetting } from '../helpers/tenant-settings';

let h: Harness;
const tokens = { alpha: '', beta: '', simulated: '', nameless: '' };
const commenting = (key: string, on: boolean) =>
  setTenantSetting(h.store, key, 'memberships', { enabled: true, commenting: on });

beforeAll(async () => {
  h = await startApi();
  const services = h.app.api.services;
  const user = (tenantKey: string, username: string, names: { firstName?: string; lastName?: string }) =>
    insertSiteUser(h.store.db, { tenantKey, username, email: `${username}@example.com`, passwordHash: null, demographics: [], ...names });
  const alpha = await user('alpha', 'reader', { firstName: 'Rea', lastName: 'Der <b>' });
  const plain = await user('alpha', 'plain', {});
  const beta = await user('beta', 'betareader', { firstName: 'Bet' });
  tokens.alpha = (await issueMemberSession(h.store.db, services, 'alpha', alpha)).token;
  tokens.nameless = (await issueMemberSession(h.store.db, services, 'alpha', plain)).token;
  tokens.beta = (await issueMemberSession(h.store.db, services, 'beta', beta)).token;
  tokens.simulated = (await issueMemberSession(h.store.db, services, 'alpha', alpha, 1)).token;
  await commenting('alpha', true);
  await commenting('beta', false);
  services.tenants.invalidate();
});
afterAll(async () => { await h.close(); });

const get = (host: string, token?: string, via: 'cookie' | 'header' = 'cookie') => h.app.inject({
  method: 'GET', url: COMMENT_SSO_PATH,
  headers: { host, ...(token ? (via === 'cookie' ? { cookie: `mh_member=${token}` } : { 'x-site-user': `Bearer ${token}` }) : {}) },
});

describe('comment provider sign-on check', () => {
  it('answers the signed-in member (cookie or header) as JSON with a display name, not cached', async () => {
    const r = await get('alpha.localhost', tokens.alpha);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(r.body)).toEqual({ id: expect.stringMatching(/^\d+$/), email: 'reader@example.com', name: 'Rea Der <b>', username: 'reader' });
    expect(JSON.parse((await get('alpha.localhost', tokens.alpha, 'header')).body).username).toBe('reader');
    expect(JSON.parse((await get('alpha.localhost', tokens.nameless)).body).name).toBe('plain');
  });

  it('refuses nobody signed in, a forged token, another tenant\'s session and a staff simulation', async () => {
    expect(JSON.parse((await get('alpha.localhost')).body)).toEqual({ error: COMMENT_SSO_TEXTS.signedOut });
    expect((await get('alpha.localhost')).statusCode).toBe(401);
    expect((await get('alpha.localhost', `${tokens.alpha.slice(0, -1)}${tokens.alpha.endsWith('A') ? 'B' : 'A'}`)).statusCode).toBe(401);
    expect((await get('alpha.localhost', tokens.beta)).statusCode).toBe(401);
    const sim = await get('alpha.localhost', tokens.simulated);
    expect(sim.statusCode).toBe(403);
    expect(JSON.parse(sim.body).error).toBe(COMMENT_SSO_TEXTS.simulated);
  });

  it('is not there while the site has commenting off, or for an unknown host', async () => {
    const off = await get('beta.localhost', tokens.beta);
    expect(off.statusCode).toBe(404);
    expect(JSON.parse(off.body).error).toBe(COMMENT_SSO_TEXTS.off);
    expect((await get('unknown.example', tokens.alpha)).statusCode).toBe(404);
  });
});
