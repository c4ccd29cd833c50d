// The Omeda adapter, from Omeda's public web-services documentation (knowledge base: "Customer
// Lookup By Email Address", "Customer Lookup By EncryptedCustomerId", "Customer Comprehensive
// Lookup By Customer Id", "Save Customer and Order"):
//   base        https://ows.omeda.com/webservices/rest (staging: ows.omedastaging.com)
//   by e-mail   GET  brand/{brand}/customer/email/{email}/*         → { Customers: [{ Id }] } (404: none)
//   encrypted   GET  brand/{brand}/customer/{encryptedId}/encrypted/* → { Id, … }         (404: none)
//   full record GET  brand/{brand}/customer/{id}/comp/*             → { Customer, Emails, CustomerDemographics, Subscriptions }
//   opt in/out  POST brand/{brand}/storecustomerandorder/*          { RunProcessor, Emails, Products: [{ OmedaProductId, Receive }] }
// Every request sends x-omeda-appid; writes also x-omeda-inputid. A timeout, a network error or a
// 5xx is `AudienceUnavailable`; a 404 on a lookup is "no such customer".
import { AudienceUnavailable, type AudienceCustomer, type AudienceProduct, type AudienceProvider } from './types';

export const OMEDA_PRODUCTION_URL = 'https://ows.omeda.com/webservices/rest';
export const OMEDA_STAGING_URL = 'https://ows.omedastaging.com/webservices/rest';
export const DEFAULT_AUDIENCE_TIMEOUT_MS = 3000;

export interface OmedaOptions {
  /** The brand abbreviation. */
  brand: string;
  /** x-omeda-appid: the secret Omeda issues (cli/ reads it from the environment). */
  appId: string;
  /** x-omeda-inputid, required for writes (subscribe/unsubscribe). */
  inputId?: string | undefined;
  /** Defaults to production; OMEDA_STAGING_URL for Omeda's test system, a local server in tests. */
  baseUrl?: string | undefined;
  timeoutMs?: number | undefined;
  fetch?: typeof fetch;
}

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() && Number.isFinite(Number(v)) ? Number(v) : null);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter((x): x is Json => typeof x === 'object' && x !== null) : []);

/** Omeda dates ("2027-01-31", "2027-01-31 00:00:00") as epoch ms (UTC); null when absent or unreadable. */
export function omedaDate(v: unknown): number | null {
  const s = str(v);
  if (!s) return null;
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : /^\d{4}-\d{2}-\d{2} \d/.test(s) ? `${s.replace(' ', 'T')}Z` : s);
  return Number.isFinite(t) ? t : null;
}

function product(s: Json): AudienceProduct | null {
  const id = str(s.ProductId ?? s.OmedaProductId);
  if (!id) return null;
  // Status 1 is an active subscription; Receive 0 an opted-out newsletter.
  const active = s.Status === undefined || num(s.Status) === 1;
  const receive = s.Receive === undefined ? true : num(s.Receive) === 1 || s.Receive === true;
  return {
    id, version: str(s.RequestedVersion ?? s.ActualVersionCode), expirationDate: omedaDate(s.IssueExpirationDate ?? s.ExpirationDate),
    amount: num(s.Amount), receive: active && receive,
  };
}

/** The comprehensive lookup's answer as an AudienceCustomer. */
export function customerFromComp(body: Json): AudienceCustomer | null {
  const c = (typeof body.Customer === 'object' && body.Customer !== null ? body.Customer : body) as Json;
  const id = str(c.Id);
  if (!id) return null;
  const emails = list(body.Emails ?? c.Emails);
  const address = list(body.Addresses ?? c.Addresses)[0] ?? {};
  const demo = new Map<string, { id: string; valueIds: string[]; text: string | null }>();
  for (const d of list(body.CustomerDemographics ?? c.CustomerDemographics)) {
    const did = str(d.DemographicId);
    if (!did) continue;
    const entry = demo.get(did) ?? { id: did, valueIds: [], text: null };
    const v = str(d.ValueId);
    if (v) entry.valueIds.push(v);
    entry.text = str(d.ValueText) ?? entry.text;
    demo.set(did, entry);
  }
  return {
    id, encryptedId: str(c.EncryptedCustomerId), email: str(emails[0]?.EmailAddress),
    firstName: str(c.FirstName), lastName: str(c.LastName), company: str(address.Company ?? c.Company), title: str(c.Title),
    countryCode: str(address.CountryCode), postalCode: str(address.PostalCode),
    products: list(body.Subscriptions ?? c.Subscriptions).map(product).filter((p): p is AudienceProduct => p !== null),
    demographics: [...demo.values()],
  };
}

export class OmedaProvider implements AudienceProvider {
  readonly kind = 'omeda';
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;

  constructor(private readonly o: OmedaOptions) {
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(o.brand)) throw new Error('Omeda brand abbreviation: letters, digits, _ or -');
    this.base = `${(o.baseUrl ?? OMEDA_PRODUCTION_URL).replace(/\/+$/, '')}/brand/${encodeURIComponent(o.brand)}`;
    this.timeoutMs = o.timeoutMs ?? DEFAULT_AUDIENCE_TIMEOUT_MS;
    this.fetch = o.fetch ?? fetch;
  }

  /** One request: JSON in and out; null on 404; AudienceUnavailable on a timeout, network error or 5xx. */
  private async call(method: 'GET' | 'POST', path: string, body?: Json): Promise<Json | null> {
    const headers: Record<string, string> = { 'x-omeda-appid': this.o.appId, accept: 'application/json' };
    if (body) headers['content-type'] = 'application/json';
    if (method === 'POST' && this.o.inputId) headers['x-omeda-inputid'] = this.o.inputId;
    let res: Response;
    try {
      res = await this.fetch(`${this.base}/${path}`, { method, headers, body: body ? JSON.stringify(body) : null, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new AudienceUnavailable(`Omeda did not answer ${method} ${path.split('/')[0]}`, { cause: error });
    }
    if (res.status === 404 && method === 'GET') return null;
    if (res.status >= 500) throw new AudienceUnavailable(`Omeda answered ${res.status}`);
    let json: Json;
    try {
      json = (await res.json()) as Json;
    } catch (error) {
      throw new AudienceUnavailable('Omeda answered something other than JSON', { cause: error });
    }
    if (!res.ok) {
      const errors = list(json.Errors).map((e) => str(e.Error)).filter(Boolean).join('; ');
      throw new AudienceUnavailable(`Omeda refused the request (${res.status})${errors ? `: ${errors}` : ''}`);
    }
    return json;
  }

  private async comp(customerId: string): Promise<AudienceCustomer | null> {
    const body = await this.call('GET', `customer/${encodeURIComponent(customerId)}/comp/*`);
    return body ? customerFromComp(body) : null;
  }

  async customerByEmail(email: string): Promise<AudienceCustomer | null> {
    const body = await this.call('GET', `customer/email/${encodeURIComponent(email.trim())}/*`);
    // Omeda lists every active customer with the address; the highest id is the newest record.
    const ids = list(body?.Customers).map((c) => num(c.Id)).filter((n): n is number => n !== null).sort((a, b) => b - a);
    return ids[0] === undefined ? null : this.comp(String(ids[0]));
  }

  async customerByEncryptedId(encryptedId: string): Promise<AudienceCustomer | null> {
    const body = await this.call('GET', `customer/${encodeURIComponent(encryptedId)}/encrypted/*`);
    const id = str(body?.Id);
    return id ? this.comp(id) : null;
  }

  async setNewsletter(email: string, productId: string, subscribe: boolean): Promise<void> {
    if (!this.o.inputId) throw new AudienceUnavailable('Omeda writes need an input id (settings.audience.inputId)');
    await this.call('POST', 'storecustomerandorder/*', {
      RunProcessor: 1,
      Emails: [{ EmailAddress: email.trim() }],
      Products: [{ OmedaProductId: Number.isFinite(Number(productId)) ? Number(productId) : productId, Receive: subscribe ? 1 : 0 }],
    });
  }
}
