// The filters of a paged list screen kept in its address (`?q=…&status=…&skip=…`), so a filtered
// page can be reloaded and shared. The search box text is debounced (admin §5: 500 ms) into `q`.
import { useEffect, useState } from 'react';
import { useDebounced } from './use-async';
import { useLocation, useNavigate, useSearchParams } from './router';

export interface UrlFilters {
  params: URLSearchParams;
  /** The first row of the page (`skip`, never negative). */
  skip: number;
  /** What the search box shows now, and its setter. */
  text: string;
  setText: (text: string) => void;
  /** The debounced search text (what the list is loaded with). */
  search: string;
  /** Sets (non-empty) or removes (empty) each parameter of `patch`; any change but `skip` itself goes back to the first page. */
  setParam: (patch: Record<string, string>) => void;
}

export function useUrlFilters(basePath: string): UrlFilters {
  const params = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const skip = Math.max(0, Number(params.get('skip') ?? 0) || 0);
  const [text, setText] = useState(params.get('q') ?? '');
  const search = useDebounced(text, 500);

  const setParam = (patch: Record<string, string>) => {
    const next = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('skip' in patch)) next.delete('skip');
    const qs = next.toString();
    navigate(`${basePath}${qs ? `?${qs}` : ''}`, { replace: true });
  };
  useEffect(() => {
    if ((params.get('q') ?? '') !== search) setParam({ q: search });
  }, [search]);

  return { params, skip, text, setText, search, setParam };
}
