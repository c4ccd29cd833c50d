// Tenant resolution (admin §7.1): x-tenant-key, else x-domain, else the Host header, matched
// against tenants.domain with or without a port. The tenant list is cached briefly.
import { AppError } from '../../domain/errors';
import type { Store } from '../../store/connection';
import { listTenants, type TenantRow } from '../../store/queries/tenants';

export type { TenantRow };

export interface TenantHeaders {
  tenantKey?: string | undefined;
  domain?: string | undefined;
  host?: string | undefined;
}

/** Lower-cases a host and strips a trailing dot; "" for anything that is not a plausible host[:port]. */
export function normalizeHost(value: string): string {
  const h = value.trim().toLowerCase().replace(/\.$/, '');
  return /^[a-z0-9.-]{1,253}(:\d{1,5})?$/.test(h) ? h : '';
}

function withoutPort(host: string): string {
  return host.replace(/:\d+$/, '');
}

interface DirectoryCache { at: number; byKey: Map<string, TenantRow>; byDomain: Map<string, TenantRow>; list: TenantRow[] }

export class TenantDirectory {
  #cache: DirectoryCache | undefined;
  #loading: Promise<void> | undefined;
  readonly #store: Store;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(store: Store, ttlMs: number, now: () => number) {
    this.#store = store;
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  invalidate(): void {
    this.#cache = undefined;
  }

  async #load(): Promise<DirectoryCache> {
    const fresh = this.#cache && this.#now() - this.#cache.at < this.#ttlMs;
    if (fresh) return this.#cache!;
    this.#loading ??= (async () => {
      try {
        const list = await listTenants(this.#store.db);
        const byDomain = new Map<string, TenantRow>();
        for (const t of list) byDomain.set(t.domain.toLowerCase(), t);
        this.#cache = { at: this.#now(), list, byKey: new Map(list.map((t) => [t.tenantKey, t])), byDomain };
      } finally {
        this.#loading = undefined;
      }
    })();
    await this.#loading;
    return this.#cache!;
  }

  async list(): Promise<TenantRow[]> {
    return (await this.#load()).list;
  }

  async byKey(key: string): Promise<TenantRow | undefined> {
    return (await this.#load()).byKey.get(key);
  }

  async byHost(value: string): Promise<TenantRow | undefined> {
    const host = normalizeHost(value);
    if (!host) return undefined;
    const { byDomain } = await this.#load();
    return byDomain.get(host) ?? byDomain.get(withoutPort(host));
  }

  /**
   * The tenant a request names, or null when it names none (no headers, or a Host that is not a
   * tenant's). An explicit x-tenant-key or x-domain that matches nothing is an error.
   */
  async resolve(h: TenantHeaders): Promise<TenantRow | null> {
    if (h.tenantKey !== undefined && h.tenantKey !== '') {
      const t = await this.byKey(h.tenantKey.trim());
      if (!t) throw new AppError('TENANT_UNKNOWN', { tenant: h.tenantKey.slice(0, 64) });
      return t;
    }
    if (h.domain !== undefined && h.domain !== '') {
      const t = await this.byHost(h.domain);
      if (!t) throw new AppError('TENANT_UNKNOWN', { tenant: h.domain.slice(0, 253) });
      return t;
    }
    if (h.host) return (await this.byHost(h.host)) ?? null;
    return null;
  }
}
