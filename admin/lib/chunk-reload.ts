// A failed script or style chunk load reloads the page at the target path, at most once per path
// within 10 seconds, guarded by session storage (admin §8).
import type { KeyValueStore } from './session-store';

export const RELOAD_GUARD_MS = 10_000;
const KEY = 'masthead.admin.chunkReload';

/** True (and records the attempt) when a reload of `path` is allowed now. */
export function shouldReloadForChunk(storage: KeyValueStore, path: string, now: number): boolean {
  let seen: Record<string, number> = {};
  try {
    seen = JSON.parse(storage.getItem(KEY) ?? '{}') as Record<string, number>;
  } catch {
    seen = {};
  }
  const last = seen[path];
  if (last !== undefined && now - last < RELOAD_GUARD_MS) return false;
  for (const [p, t] of Object.entries(seen)) if (now - t >= RELOAD_GUARD_MS) delete seen[p];
  seen[path] = now;
  storage.setItem(KEY, JSON.stringify(seen));
  return true;
}
