// Newsletter subscriptions and the audience provider (issue 42): after the local store took a
// subscribe or unsubscribe (it stays the record the site and the sends read), the newsletters
// that name a provider product (omedaProductId) are opted in or out at the tenant's provider.
// A provider that is off (disableOmeda), unconfigured or down changes nothing here: the local
// subscription stands and the failure is logged (engine/audience/resilient.ts).
import { listNewsletterItems } from '../../store/queries/newsletters';
import type { Services } from '../kernel/services';
import type { TenantRow } from '../kernel/tenancy';

export async function syncNewsletterProducts(services: Services, tenant: TenantRow, email: string, newsletterIds: readonly number[], subscribe: boolean): Promise<void> {
  const settings = tenant.settings.audience;
  if (!settings || settings.disableOmeda || newsletterIds.length === 0) return;
  const items = await listNewsletterItems(services.store.db, tenant.tenantKey, newsletterIds);
  for (const item of items) {
    if (!item.omedaProductId) continue;
    const productId = item.omedaProductId;
    await services.audience.use(tenant.tenantKey, settings, (p) => p.setNewsletter(email, productId, subscribe), () => undefined);
  }
}
