// Gated documents (issue 17, public §4): a document download block marked gated names a PDF that
// never reaches the static output (nor the CDN in front of it). Its link points at the API
// (GET /api/documents/:id, api/documents-route), which streams the file only to a reader who passes
// the document's gate under the one gating rule (engine/domain/gating.ts): a verified crawler, a
// site-licence company, or a signed-in member holding one of the block's memberships (any member
// when the block names none). Pure and browser-safe.
import type { GatedItem } from './gating';

/** The API route that serves a gated document. */
export const GATED_DOCUMENT_ROUTE = '/api/documents/:id';
export const gatedDocumentHref = (assetId: number): string => `/api/documents/${assetId}`;

interface GridLike { rows?: readonly { columns?: readonly { blocks?: readonly { type?: string; data?: unknown }[] }[] }[] }
interface LayoutLike { primaryGrid?: GridLike | null; secondaryGrid?: GridLike | null }

/**
 * The gated documents of a tenant's layouts: asset id → the gate it is served under. An asset that
 * several gated blocks name opens with any of their memberships; one block without memberships
 * makes it open to every registered member.
 */
export function gatedDocuments(layouts: readonly LayoutLike[]): Map<number, GatedItem> {
  const out = new Map<number, GatedItem>();
  const anyMember = new Set<number>();
  for (const l of layouts) {
    for (const grid of [l.primaryGrid, l.secondaryGrid]) {
      for (const row of grid?.rows ?? []) for (const col of row.columns ?? []) for (const b of col.blocks ?? []) {
        if (b.type !== 'document_download') continue;
        const d = (b.data ?? {}) as { assetId?: number; gated?: boolean; membershipIds?: number[] };
        if (!d.gated || typeof d.assetId !== 'number') continue;
        const ids = d.membershipIds ?? [];
        if (ids.length === 0) anyMember.add(d.assetId);
        const prev = out.get(d.assetId)?.membershipIds ?? [];
        out.set(d.assetId, { membershipIds: [...new Set([...prev, ...ids])], registrationRequired: true });
      }
    }
  }
  for (const id of anyMember) out.set(id, { membershipIds: [], registrationRequired: true });
  return out;
}
