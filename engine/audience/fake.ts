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
