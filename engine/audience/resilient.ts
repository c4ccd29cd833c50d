// Choosing a tenant's provider and living with its outages. `audienceFor` answers null when the
// tenant has no provider or its outage switch `disableOmeda` is on; `withTimeout` bounds a call the
// provider itself does not; `tryAudience` turns AudienceUnavailable into the caller's fallback
// (the local store) and logs it. A provider that failed is skipped for `cooldownMs` so a reader's
// page does not wait on a timeout again and again.
import { DEFAULT_AUDIENCE_TIMEOUT_MS, OMEDA_PRODUCTION_URL, OMEDA_STAGING_URL, OmedaProvider } from './omeda';
import { FakeAudienceProvider } from './fake';
import { AudienceUnavailable, type AudienceProvider } from './types';

/** settings.audience (engine/domain/settings.ts). */
export interface AudienceSettings {
  provider: 'omeda' | 'fake';
  brand: string;
  staging?: boolean | undefined;
  inputId?: string | undefined;
  disableOmeda?: boolean | undefined;
  timeoutMs?: number | undefined;
}

export interface AudienceOptions {
  /** The x-omeda-appid of a tenant (cli/ reads it from the environment); none: the tenant's Omeda is off. */
  appId?: (tenantKey: string) => string | undefined;
  /** Replaces Omeda's base URL (tests: a local server). */
  omedaBaseUrl?: string;
  /** The fake provider tenants with `provider: 'fake'` use (one per installation). */
  fake?: FakeAudienceProvider;
  fetch?: typeof fetch;
  /** After a failure the provider is skipped this long (default 30 s). */
  cooldownMs?: number;
  /** How long a provider's answer about a member is reused (default 60 s; 0: ask every time). */
  cacheMs?: number;
}

export interface AudienceLog { warn(obj: unknown, msg?: string): void }

export class AudienceDirectory {
  private readonly omeda = new Map<string, { key: string; provider: AudienceProvider }>();
  private readonly downUntil = new Map<string, number>();
  private readonly answers = new Map<string, { until: number; value: unknown }>();
  readonly fake: FakeAudienceProvider;

  constructor(private readonly o: AudienceOptions, private readonly now: () => number, private readonly log: AudienceLog) {
    this.fake = o.fake ?? new FakeAudienceProvider();
  }

  /** The tenant's provider, or null when none is configured, its switch is off, or it failed a moment ago. */
  for(tenantKey: string, settings: AudienceSettings | undefined): AudienceProvider | null {
    if (!settings || settings.disableOmeda) return null;
    if ((this.downUntil.get(tenantKey) ?? 0) > this.now()) return null;
    if (settings.provider === 'fake') return this.fake;
    const appId = this.o.appId?.(tenantKey);
    if (!appId) return null;
    const key = JSON.stringify([settings.brand, settings.staging, settings.inputId, settings.timeoutMs, appId]);
    const cached = this.omeda.get(tenantKey);
    if (cached?.key === key) return cached.provider;
    const provider = new OmedaProvider({
      brand: settings.brand, appId, inputId: settings.inputId, timeoutMs: settings.timeoutMs ?? DEFAULT_AUDIENCE_TIMEOUT_MS,
      baseUrl: this.o.omedaBaseUrl ?? (settings.staging ? OMEDA_STAGING_URL : OMEDA_PRODUCTION_URL), ...(this.o.fetch ? { fetch: this.o.fetch } : {}),
    });
    this.omeda.set(tenantKey, { key, provider });
    return provider;
  }

  /**
   * Runs `call` against the tenant's provider within its timeout; `fallback` answers when there is no
   * provider or it is unavailable. Other errors (a bug) propagate.
   */
  async use<T>(tenantKey: string, settings: AudienceSettings | undefined, call: (p: AudienceProvider) => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    const provider = this.for(tenantKey, settings);
    if (!provider) return fallback();
    try {
      return await withTimeout(call(provider), (settings?.timeoutMs ?? DEFAULT_AUDIENCE_TIMEOUT_MS) + 250);
    } catch (error) {
      if (!(error instanceof AudienceUnavailable)) throw error;
      this.downUntil.set(tenantKey, this.now() + (this.o.cooldownMs ?? 30_000));
      this.log.warn({ err: error, tenantKey }, 'audience provider unavailable: answered from the local store');
      return fallback();
    }
  }

  /**
   * `use`, with the provider's answer kept for `cacheMs` under `key` (a tenant's member): a reader's
   * page loads do not each ask the provider. Fallback answers are not kept.
   */
  async useCached<T>(tenantKey: string, key: string, settings: AudienceSettings | undefined, call: (p: AudienceProvider) => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    const k = `${tenantKey}\u0000${key}`;
    const hit = this.answers.get(k);
    if (hit && hit.until > this.now() && this.for(tenantKey, settings)) return hit.value as T;
    let fromProvider = false;
    const value = await this.use(tenantKey, settings, async (p) => {
      const v = await call(p);
      fromProvider = true;
      return v;
    }, fallback);
    const ttl = this.o.cacheMs ?? 60_000;
    if (fromProvider && ttl > 0) {
      if (this.answers.size > 10_000) this.answers.clear();
      this.answers.set(k, { until: this.now() + ttl, value });
    }
    return value;
  }

  /** Drops what is kept about a member (after setOmedaCustomer). */
  forget(tenantKey: string, key: string): void {
    this.answers.delete(`${tenantKey}\u0000${key}`);
  }
}

/** Rejects with AudienceUnavailable when `p` has not settled within `ms`. */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AudienceUnavailable(`audience provider took over ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
