// One content item rendered as it is stored now — draft or not — with the site's own pipeline
// (load → resolve → render), in process and in memory. Nothing is written: the HTML is for one
// request's answer. The page is marked preview, so the document leaves out the staff toolbar root
// and the tracking metadata (public §2, preview-mode=true).
import { sidebarBodies } from '../../domain/sidebars';
import { contentPath } from '../../domain/paths';
import type { ContentType } from '../../domain/enums';
import type { Store } from '../../store/connection';
import type { ContentLinks, ContentRecord } from '../../store/queries/content';
import { sanitizeBody } from '../../html/sanitize';
import type { BuildContent, TenantIndex } from '../types';
import { buildChrome } from './chrome';
import { DEFAULT_CLIENT_DIR, readClientBundle, stylesheet } from './emit';
import { load } from './load';
import { renderPage } from './render';
import { createResolveContext, resolveContentPage } from './resolve';

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
    sidebars: sidebarBodies(c.metadata.sidebars).map((b) => sanitizeBody(b).trim()).filter(Boolean),
  };
}

export interface DraftPageRequest {
  tenantKey: string; now: number;
  /** The site origin the page is opened on (absolute links and the canonical). */
  origin: string;
  record: ContentRecord; links: ContentLinks | undefined;
  /** The site client bundle folder; default the build's (dist/site-client). */
  clientDir?: string | undefined;
}

/** The preview document of a stored content record, over the tenant's live index. */
export async function renderDraftContentPage(store: Store, r: DraftPageRequest): Promise<{ html: string; path: string }> {
  const { index } = await load(store, r.tenantKey, { now: r.now });
  index.tenant.origin = r.origin;
  const draft = draftContent(index, r.record, r.links);
  index.content = [draft, ...index.content.filter((c) => c.id !== r.record.id)];
  const ctx = createResolveContext(index);
  const css = stylesheet(index);
  const page = { ...resolveContentPage(ctx, draft, sanitizeBody(r.record.body)), preview: true };
  page.head = { ...page.head, robots: 'noindex, nofollow', noTracking: true };
  // The published pages' own stylesheet and client bundle: the same hashed files under assets/.
  const client = readClientBundle(r.clientDir ?? DEFAULT_CLIENT_DIR)?.scripts ?? null;
  const rendered = renderPage(page, buildChrome(index, { href: css.href, integrity: css.integrity }, client));
  return { html: rendered.html, path: draft.path };
}
