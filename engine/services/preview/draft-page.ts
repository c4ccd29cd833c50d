// Renders one content item as it is stored now — draft or not — through the build's front door
// (engine/build/front-door.ts: load → resolve → site render), in process and in memory. Nothing is
// written: the HTML goes to the preview route's answer only.
import { renderDraftContentPage } from '../../build/front-door';
import { contentByIds, linksOf } from '../../store/queries/content';
import type { Services } from '../kernel/services';

export { draftContent } from '../../build/front-door';

export interface DraftPage { html: string; path: string; status: number }

/**
 * The preview document of content `id` of `tenantKey`, or null when the tenant has no such item.
 * `origin` is the site origin the preview is opened on (absolute links and the canonical).
 */
export async function renderDraftPage(services: Services, tenantKey: string, id: number, origin: string, clientDir?: string): Promise<DraftPage | null> {
  const [record] = await contentByIds(services.store.db, tenantKey, [id]);
  if (!record || record.tenantKey !== tenantKey) return null;
  const links = (await linksOf(services.store, [id])).get(id);
  const page = await renderDraftContentPage(services.store, { tenantKey, now: services.now(), origin, record, links, clientDir });
  return { ...page, status: record.status };
}
