// Secondary content paging (public §2 "Page template", §4, §9) by the layout's loadMoreType:
// custom-* appends the layout's secondary grid (getNextSecondaryGrid), page-* the next content
// page of the section (getNextSecondaryPage). Click modes use the 'Load More Content' button
// (showing 'Loading Content'); scroll modes load when the marker comes within 250 px of the
// viewport. Every request sends the ids the page already shows, so nothing repeats; paging stops
// on under-filled blocks, when there is no next part, or after 8 loads. Without script the island
// is an empty marker: the page's own links and pagination stay the way on.
import { useEffect, useRef, useState } from 'react';
import type { LoadMoreType } from '../../engine/domain/enums';
import type { ContentView, RowView } from '../model';
import { siteApi } from '../client/api';
import { PartView, partContentIds, type Part } from './load-more-parts';

/** Public §9: at most 8 secondary grids or pages. */
export const MAX_LOADS = 8;
/** Public §9: scroll modes load 250 px before the marker reaches the viewport. */
export const LOAD_MARGIN_PX = 250;
export const LOAD_MORE_TEXTS = { button: 'Load More Content', loading: 'Loading Content' } as const;

export interface LoadMoreProps {
  type: LoadMoreType;
  layoutId?: number | null;
  sectionId?: number | null;
  contentId?: number | null;
  /** Content ids the prerendered page shows. */
  excludeContentIds?: number[];
  /** Content types for the next page (page modes); empty: any. */
  contentTypes?: string[];
}

interface GridAnswer { nextSecondaryGrid: { rows: RowView[] } | null; hasUnderFilledBlocks: boolean; excludeContentIds: number[] }
interface PageAnswer { page: { contentId: number; path: string; heading: string; content: ContentView; rows: RowView[] } | null; usedContentIds: number[] }

type Next = { part: Part | null; exclude: number[]; last: boolean };

async function fetchNext(p: LoadMoreProps, exclude: number[], key: number): Promise<Next> {
  const custom = p.type === 'custom-click' || p.type === 'custom-scroll';
  if (custom) {
    const a = await siteApi().query<GridAnswer>('getNextSecondaryGrid', {
      gridSettings: { layoutId: p.layoutId ?? undefined, sectionId: p.sectionId ?? undefined, excludeContentIds: exclude, excludeIssueIds: [] },
    });
    if (!a.nextSecondaryGrid) return { part: null, exclude, last: true };
    return { part: { kind: 'grid', key, rows: a.nextSecondaryGrid.rows }, exclude: a.excludeContentIds, last: a.hasUnderFilledBlocks };
  }
  const a = await siteApi().query<PageAnswer>('getNextSecondaryPage', {
    input: {
      limit: 1, excludeContentIds: exclude, sectionId: p.sectionId ?? undefined, sortField: 'published', sortOrder: 'desc',
      ...(p.contentTypes?.length ? { includeContentTypes: p.contentTypes } : {}),
    },
  });
  if (!a.page) return { part: null, exclude, last: true };
  return { part: { kind: 'page', key, ...a.page }, exclude: a.usedContentIds, last: false };
}

export function LoadMore(props: LoadMoreProps) {
  const [parts, setParts] = useState<Part[]>([]);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(props.type === 'none');
  const [error, setError] = useState<string | null>(null);
  const exclude = useRef<number[]>([...(props.excludeContentIds ?? []), ...(props.contentId ? [props.contentId] : [])]);
  const busy = useRef(false);
  const marker = useRef<HTMLDivElement>(null);
  const scroll = props.type === 'custom-scroll' || props.type === 'page-scroll';

  const loadNext = async () => {
    if (busy.current || done || parts.length >= MAX_LOADS) return;
    busy.current = true;
    setLoading(true);
    setError(null);
    try {
      const n = await fetchNext(props, exclude.current, parts.length + 1);
      const seen = new Set(exclude.current);
      // A part holding only items the page already shows would repeat content: stop instead.
      const fresh = n.part !== null && partContentIds(n.part).some((id) => !seen.has(id));
      exclude.current = [...new Set([...exclude.current, ...n.exclude, ...(n.part ? partContentIds(n.part) : [])])];
      if (fresh && n.part) setParts((list) => [...list, n.part!]);
      if (!fresh || n.last || parts.length + 1 >= MAX_LOADS) setDone(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };

  // Scroll modes: observe the marker with a 250 px margin below the viewport. Re-observing after
  // each load fires again when the marker is still within reach (short parts).
  useEffect(() => {
    if (!scroll || done || error || loading || typeof IntersectionObserver === 'undefined' || !marker.current) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadNext();
    }, { rootMargin: `0px 0px ${LOAD_MARGIN_PX}px 0px` });
    io.observe(marker.current);
    return () => io.disconnect();
  });

  return (
    <div className="load-more" data-load-more={props.type}>
      {parts.map((p) => <PartView key={p.key} part={p} />)}
      {error && <p className="load-more-status" role="alert">{error}</p>}
      {!done && (scroll && !error
        ? <div ref={marker} className="load-more-marker" aria-hidden="true">{loading && <p className="load-more-status">{LOAD_MORE_TEXTS.loading}</p>}</div>
        : (
          <button type="button" className="button load-more-button" disabled={loading} aria-busy={loading} onClick={() => { void loadNext(); }}>
            {loading ? LOAD_MORE_TEXTS.loading : LOAD_MORE_TEXTS.button}
          </button>
        ))}
    </div>
  );
}
