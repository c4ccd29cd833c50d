// The one mechanism that gives every API route its tenant scope: an onRoute hook wrapping each
// handler (routes of child plugins included), so a route only has to name its tenant.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { currentTenant } from '../../engine/store/tenant-scope';
import type { Services } from '../../engine/services/kernel/services';
import { hostTenant, nameTenant, scopeEveryRoute } from './request-tenant';

async function app() {
  const a = Fastify();
  await a.register(async (scope) => {
    scopeEveryRoute(scope);
    scope.get('/named/:key', async (req) => {
      const before = currentTenant();
      // Another request in flight meanwhile must not see this one's tenant, nor this one see its.
      nameTenant({ tenantKey: (req.params as { key: string }).key });
      await new Promise((r) => setTimeout(r, 20));
      return { before, after: currentTenant() };
    });
    scope.get('/switch', async () => {
      nameTenant({ tenantKey: 'alpha' });
      try { nameTenant({ tenantKey: 'beta' }); } catch (e) { return { refused: (e as Error).message, still: currentTenant() }; }
      return { refused: null };
    });
    await scope.register(async (child) => {
      child.get('/child', async (req) => {
        const services = { tenants: { byHost: async (h: string) => (h === 'beta.localhost' ? { tenantKey: 'beta' } : undefined) } } as unknown as Services;
        const t = await hostTenant(services, req);
        return { tenant: t?.tenantKey ?? null, current: currentTenant() };
      });
    });
  });
  return a;
}

describe('scopeEveryRoute', () => {
  it('runs each request in a scope of its own, named by the route, never shared between concurrent requests', async () => {
    const a = await app();
    const [x, y] = await Promise.all([a.inject('/named/alpha'), a.inject('/named/beta')]);
    expect(x.json()).toEqual({ before: null, after: 'alpha' });
    expect(y.json()).toEqual({ before: null, after: 'beta' });
    await a.close();
  });

  it('refuses a second, different tenant in one request', async () => {
    const a = await app();
    expect((await a.inject('/switch')).json()).toEqual({ refused: 'tenantKey: this work already acts for alpha, not beta', still: 'alpha' });
    await a.close();
  });

  it('covers routes of child plugins, and hostTenant names the Host\'s tenant', async () => {
    const a = await app();
    expect((await a.inject({ url: '/child', headers: { host: 'beta.localhost' } })).json()).toEqual({ tenant: 'beta', current: 'beta' });
    expect((await a.inject({ url: '/child', headers: { host: 'nowhere.localhost' } })).json()).toEqual({ tenant: null, current: null });
    await a.close();
  });
});
