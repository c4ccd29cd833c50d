// Scroll handling shared by the bottom navbar and Back To Top (public §9): scroll events are handled
// at most once per 50 ms (throttle), and once more 200 ms after the last one (scroll idle), so the
// state always matches where the page came to rest.

export const SCROLL_THROTTLE_MS = 50;
export const SCROLL_IDLE_MS = 200;

/** Calls `update` on scroll (throttled) and when scrolling goes idle; returns the unsubscribe. */
export function onScroll(update: () => void, target: Window = window): () => void {
  let last = -Infinity;
  let trailing: ReturnType<typeof setTimeout> | null = null;
  let idle: ReturnType<typeof setTimeout> | null = null;
  const handler = () => {
    const now = Date.now();
    if (now - last >= SCROLL_THROTTLE_MS) {
      last = now;
      update();
    } else if (trailing === null) {
      trailing = setTimeout(() => { trailing = null; last = Date.now(); update(); }, SCROLL_THROTTLE_MS - (now - last));
    }
    if (idle !== null) clearTimeout(idle);
    idle = setTimeout(() => { idle = null; update(); }, SCROLL_IDLE_MS);
  };
  target.addEventListener('scroll', handler, { passive: true });
  target.addEventListener('resize', handler, { passive: true });
  return () => {
    target.removeEventListener('scroll', handler);
    target.removeEventListener('resize', handler);
    if (trailing !== null) clearTimeout(trailing);
    if (idle !== null) clearTimeout(idle);
  };
}
