// Renders one content item as it is stored now — draft or not — with the site's own pipeline
// (engine/build load → resolve → site render), in process and in memory. Nothing is written: the
// HTML goes to the preview route's answer only. The page is marked preview, so the document leaves
// out the staff toolbar root and the tracking metadata (public §2, preview-mode=true).
import { contentPath } from '../../engine/domain/paths';
import type { ContentType } from '../../engine/domain/enums';
import { buildChrome } from '../../engine/build/chrome';
import { DEFAULT_CLIENT_DIR, readClientBundle, stylesheet } from '../../engine/build/emit';
import { load } from '../../engine/build/load';
import { renderPage } from '../../engine/build/render';
import { createResolveContext, resolveContentPage } from '../../engine/build/resolve';
import { sanitizeBody } from '../../engine/html/sanitize';
import type { BuildContent, TenantIndex } from '../../engine/build/types';
import { contentByIds, linksOf, type ContentRecord, type ContentLinks } from '../../engine/store/queries/content';
import type { Services } from '../services';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function eventOf(e: ContentRecord['event']): BuildContent['event'] {
  if (!e) return null;
  const out = { startDate: num(e.startDate), endDate: num(e.endDate), venue: str(e.venue), city: str(e.city), state: str(e.state), country: str(e.country) };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as BuildContent['event'];
}

/** The stored item as the build sees a live one (the same fields load.ts maps). */
export function draftContent(index: TenantIndex, c: ContentRecord, links: ContentLinks | undefined): BuildContent {
  const section = index.sections.find((s) => s.id === c.primarySectionId);
  const asset = c.primaryImageId === null ? undefined : (index.assets ?? []).find((a) => a.id === c.primaryImageId)
    ?? links?.images.find((a) => a.id === c.primaryImageId);
  return {
    id: c.id, type: c.type as ContentType, name: c.name, slug: c.slug, teaser: c.teaser, published: c.published,
    updatedAt: c.updatedAt, path: contentPath({ id: c.id, slug: c.slug, name: c.name, sectionAlias: section?.alias ?? null }),
    sectionId: c.primarySectionId,
    image: asset ? { path: asset.path, alt: asset.alt, width: asset.width, height: asset.height, caption: asset.caption, credit: asset.credit } : null,
    authors: (links?.authors ?? []).map((p) => ({ id: p.id, name: p.fullName })),
    terms: (links?.taxonomy ?? []).map((t) => t.name),
    labels: c.labels, linkUrl: c.linkUrl, seoTitle: c.seoTitle,
    description: str(c.metadata.description) ?? null, event: eventOf(c.event),
    membershipIds: links?.membershipIds ?? [], surveyType: c.gatingSurveyType,
    startDate: c.startDate, endDate: c.endDate, relatedIds: links?.relatedIds ?? [], registrationRequired: c.userRegistrationRequired,
  };
}

export interface DraftPage { html: string; path: string; status: number }

/**
 * The preview document of content `id` of `tenantKey`, or null when the tenant has no such item.
 * `origin` is the site origin the preview is opened on (absolute links and the canonical).
 */
export async function renderDraftPage(services: Services, tenantKey: string, id: number, origin: string, clientDir?: string): Promise<DraftPage | null> {
  const [record] = await contentByIds(services.store.db, tenantKey, [id]);
  if (!record || record.tenantKey !== tenantKey) return null;
  const { index } = await load(services.store, tenantKey, { now: services.now() });
  index.tenant.origin = origin;
  const links = (await linksOf(services.store, [id])).get(id);
  const draft = draftContent(index, record, links);
  index.content = [draft, ...index.content.filter((c) => c.id !== id)];
  const ctx = createResolveContext(index);
  const css = stylesheet(index);
  const page = { ...resolveContentPage(ctx, draft, sanitizeBody(record.body)), preview: true };
  page.head = { ...page.head, robots: 'noindex, nofollow', noTracking: true };
  // The published pages' own stylesheet and client bundle: the same hashed files under assets/.
  const client = readClientBundle(clientDir ?? DEFAULT_CLIENT_DIR)?.scripts ?? null;
  const rendered = renderPage(page, buildChrome(index, { href: css.href, integrity: css.integrity }, client));
  return { html: rendered.html, path: draft.path, status: record.status };
}
