// The audience provider (issue 42; public §3 "omeda"): the outside system that knows a reader as a
// customer, the products they hold and until when, their demographics and their newsletter
// subscriptions. Omeda is one implementation (omeda.ts), the fake another (fake.ts); callers see
// only this interface and `AudienceUnavailable`, and keep working from the local store when a
// provider is switched off or down (resilient.ts).

/** A product the customer holds: a paid or free membership product, or a newsletter product. */
export interface AudienceProduct {
  /** The provider's product id (a membership's `omedaProduct`, a newsletter's `omedaProductId`). */
  id: string;
  version: string | null;
  /** Epoch ms after which the product no longer counts; null: does not expire. */
  expirationDate: number | null;
  amount: number | null;
  /** For newsletter products: the customer receives it (opted in). Membership products: true. */
  receive: boolean;
}

export interface AudienceDemographic {
  /** The provider's demographic id (a demographic question's id). */
  id: string;
  valueIds: string[];
  text: string | null;
}

export interface AudienceCustomer {
  /** The provider's customer id. */
  id: string;
  /** The id the provider puts in its e-mail links (omedaEncryptedCustomerId). */
  encryptedId: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  title: string | null;
  countryCode: string | null;
  postalCode: string | null;
  products: AudienceProduct[];
  demographics: AudienceDemographic[];
}

export interface AudienceProvider {
  /** 'omeda' or 'fake'. */
  readonly kind: string;
  customerByEmail(email: string): Promise<AudienceCustomer | null>;
  customerByEncryptedId(encryptedId: string): Promise<AudienceCustomer | null>;
  /** Opts the e-mail address in to (true) or out of (false) a newsletter product. */
  setNewsletter(email: string, productId: string, subscribe: boolean): Promise<void>;
}

/** The provider could not answer (switched off, timed out, refused, 5xx): callers use the local store. */
export class AudienceUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AudienceUnavailable';
  }
}

/** The products that count at `now`: received and not expired. */
export function activeProducts(products: readonly AudienceProduct[], now: number): AudienceProduct[] {
  return products.filter((p) => p.receive && (p.expirationDate === null || p.expirationDate > now));
}

/** The ids of the memberships whose provider product the customer holds at `now`. */
export function membershipIdsForProducts(
  memberships: readonly { id: number; omedaProduct: string | null; status: number }[], products: readonly AudienceProduct[], now: number,
): number[] {
  const held = new Set(activeProducts(products, now).map((p) => p.id));
  return memberships.filter((m) => m.status === 1 && m.omedaProduct && held.has(m.omedaProduct)).map((m) => m.id);
}

/** The ids of the newsletters whose provider product the customer receives. */
export function newsletterIdsForProducts(
  newsletters: readonly { id: number; omedaProductId: string | null }[], products: readonly AudienceProduct[], now: number,
): number[] {
  const held = new Set(activeProducts(products, now).map((p) => p.id));
  return newsletters.filter((n) => n.omedaProductId && held.has(n.omedaProductId)).map((n) => n.id);
}
