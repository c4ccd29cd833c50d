// Tracks the build after each save: queued → building → live (with the build id), polled from
// getBuildStatus and shown in the toolbar with a link to the live page.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import * as api from '../data/api';
import { deriveIndicator, isSettled, type Indicator } from '../lib/publish-status';

const POLL_MS = 400;
const GIVE_UP_MS = 120_000;

export interface Tracked extends Indicator {
  /** Public address of what was saved, when it has one. */
  liveUrl: string | null;
  label: string;
  startedAt: number;
}

interface PublishValue {
  current: Tracked | null;
  /**
   * Runs a save and follows the rebuild it triggers. `liveUrl` may be computed from the save's
   * answer (e.g. the canonical path of a new article).
   */
  track: <T>(label: string, tenantKey: string, save: () => Promise<T>, liveUrl?: (answer: T) => string | null) => Promise<T>;
  dismiss: () => void;
}

const PublishContext = createContext<PublishValue | null>(null);

export function PublishProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Tracked | null>(null);
  const run = useRef(0);

  useEffect(() => () => {
    run.current++;
  }, []);

  const track = useCallback(async <T,>(label: string, tenantKey: string, save: () => Promise<T>, liveUrl?: (answer: T) => string | null) => {
    const id = ++run.current;
    const before = await api.getBuildStatus(tenantKey).catch(() => null);
    const previous = before?.state === 'live' ? before.buildId : null;
    const startedAt = Date.now();
    setCurrent({ phase: 'saving', buildId: null, pagesWritten: null, liveUrl: null, label, startedAt });
    let answer: T;
    try {
      answer = await save();
    } catch (e) {
      if (run.current === id) setCurrent(null);
      throw e;
    }
    const url = liveUrl ? liveUrl(answer) : null;
    setCurrent({ phase: 'queued', buildId: null, pagesWritten: null, liveUrl: url, label, startedAt });
    void (async () => {
      while (run.current === id && Date.now() - startedAt < GIVE_UP_MS) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        const status = await api.getBuildStatus(tenantKey).catch(() => null);
        if (run.current !== id) return;
        const ind = deriveIndicator(previous, null, status);
        setCurrent({ ...ind, liveUrl: url, label, startedAt });
        if (isSettled(ind) || ind.phase === 'unknown') return;
      }
    })();
    return answer;
  }, []);

  const dismiss = useCallback(() => {
    run.current++;
    setCurrent(null);
  }, []);

  const value = useMemo(() => ({ current, track, dismiss }), [current, track, dismiss]);
  return <PublishContext.Provider value={value}>{children}</PublishContext.Provider>;
}

export function usePublish(): PublishValue {
  const v = useContext(PublishContext);
  if (!v) throw new Error('usePublish outside PublishProvider');
  return v;
}
