// The local fake audience provider: customers held in memory, for tests and for the demo when no
// real provider is configured. `mode` makes it behave like a provider that is down.
import { AudienceUnavailable, type AudienceCustomer, type AudienceProvider } from './types';

export type FakeMode = 'up' | 'down' | 'slow';

export interface FakeCustomerSeed extends Partial<Omit<AudienceCustomer, 'id' | 'email'>> {
  id: string;
  email: string;
}

export class FakeAudienceProvider implements AudienceProvider {
  readonly kind = 'fake';
  mode: FakeMode = 'up';
  /** Every call, in order (method and argument), for tests. */
  readonly calls: string[] = [];
  private readonly customers = new Map<string, AudienceCustomer>();

  constructor(seed: readonly FakeCustomerSeed[] = [], private readonly slowMs = 10_000) {
    for (const s of seed) this.put(s);
  }

  put(s: FakeCustomerSeed): AudienceCustomer {
    const c: AudienceCustomer = {
      encryptedId: null, firstName: null, lastName: null, company: null, title: null, countryCode: null, postalCode: null,
      products: [], demographics: [], ...s, email: s.email.trim().toLowerCase(),
    };
    this.customers.set(c.id, c);
    return c;
  }

  private async gate(call: string): Promise<void> {
    this.calls.push(call);
    if (this.mode === 'down') throw new AudienceUnavailable('fake provider is down');
    if (this.mode === 'slow') {
      await new Promise((r) => setTimeout(r, this.slowMs).unref());
      throw new AudienceUnavailable('fake provider timed out');
    }
  }

  async customerByEmail(email: string) {
    await this.gate(`customerByEmail ${email}`);
    const e = email.trim().toLowerCase();
    return structuredClone([...this.customers.values()].find((c) => c.email === e) ?? null);
  }

  async customerByEncryptedId(encryptedId: string) {
    await this.gate(`customerByEncryptedId ${encryptedId}`);
    return structuredClone([...this.customers.values()].find((c) => c.encryptedId === encryptedId) ?? null);
  }

  async setNewsletter(email: string, productId: string, subscribe: boolean) {
    await this.gate(`setNewsletter ${email} ${productId} ${subscribe}`);
    const e = email.trim().toLowerCase();
    const c = [...this.customers.values()].find((x) => x.email === e) ?? this.put({ id: `fake-${this.customers.size + 1}`, email: e });
    c.products = c.products.filter((p) => p.id !== productId);
    c.products.push({ id: productId, version: null, expirationDate: null, amount: null, receive: subscribe });
  }
}

const dateMs = (s: string | null | undefined): number | null => {
  if (!s) return null;
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : s);
  if (!Number.isFinite(t)) throw new Error(`audience fixture: expirationDate ${JSON.stringify(s)} is not a date`);
  return t;
};

interface FixtureCustomer extends Omit<FakeCustomerSeed, 'products'> {
  products?: { id: string; version?: string | null; expirationDate?: string | null; amount?: number | null; receive?: boolean }[];
}

/** The fake's customers from a fixture file ({ customers: [...] }, dates as 2027-12-31), e.g. fixtures/demo/audience.json. */
export function fakeFromFixture(json: string): FakeAudienceProvider {
  const parsed = JSON.parse(json) as { customers?: FixtureCustomer[] };
  if (!Array.isArray(parsed.customers)) throw new Error('audience fixture: "customers" must be a list');
  return new FakeAudienceProvider(parsed.customers.map((c) => {
    if (typeof c.id !== 'string' || typeof c.email !== 'string') throw new Error('audience fixture: each customer needs an id and an email (strings)');
    return {
      ...c,
      products: (c.products ?? []).map((p) => ({
        id: String(p.id), version: p.version ?? null, expirationDate: dateMs(p.expirationDate), amount: p.amount ?? null, receive: p.receive ?? true,
      })),
    };
  }));
}
