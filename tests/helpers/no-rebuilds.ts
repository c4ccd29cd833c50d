// A rebuild queue that rebuilds nothing: for tests of a server whose pages are built beforehand
// and never change (security headers, proxies, consent, ads, mail).
import type { RebuildQueue } from '../../engine/build/index';

export function noRebuilds(): RebuildQueue {
  const none = async () => undefined;
  return { request: none, stage: none, wake: none, start: none, idle: none, close: none };
}
