// The search engines whose crawlers may read gated content (public §1, §4 "passed … if the user is
// a crawler agent"), and how each says it verifies its crawlers: a User-Agent only names the engine
// a request claims to be; the claim counts once reverse DNS of the client address gives a name in
// one of the engine's domains and that name resolves forward to the same address
// (engine/services/crawlers/verify.ts does the lookups). Pure and browser-safe.
//
// Domains are the ones each engine documents for its crawlers:
//   Google   googlebot.com, google.com (developers.google.com/search/docs/crawling-indexing/verifying-googlebot).
//            googleusercontent.com is deliberately absent: Google documents it only for user-triggered
//            fetchers (*.gae.googleusercontent.com), which are not crawlers, and the rest of that domain
//            names Google Cloud customers' machines, which anyone can rent.
//   Bing     search.msn.com (bing.com/webmasters/help/how-to-verify-bingbot-3905dc26).
//   Apple    applebot.apple.com (support.apple.com/en-us/119829).
//   Yandex   yandex.ru, yandex.net, yandex.com (yandex.com/support/webmaster/robot-workings/check-yandex-robots.html).

export interface SearchEngine {
  /** A stable key, used in caches and logs. */
  key: 'google' | 'bing' | 'apple' | 'yandex';
  /** Matches the User-Agent of the engine's crawlers. */
  agent: RegExp;
  /** A verified host name is one of these or ends in "." + one of these. */
  domains: readonly string[];
}

export const SEARCH_ENGINES: readonly SearchEngine[] = [
  { key: 'google', agent: /googlebot/i, domains: ['googlebot.com', 'google.com'] },
  { key: 'bing', agent: /\b(?:bingbot|msnbot|adidxbot|bingpreview)\b/i, domains: ['search.msn.com'] },
  { key: 'apple', agent: /\bapplebot\b/i, domains: ['applebot.apple.com'] },
  { key: 'yandex', agent: /\byandex(?:bot|mobilebot|images|news|accessibilitybot)\b/i, domains: ['yandex.ru', 'yandex.net', 'yandex.com'] },
];

/** The engine a User-Agent claims to crawl for, or null. A claim is never proof on its own. */
export function claimedEngine(userAgent: string | null | undefined): SearchEngine | null {
  if (typeof userAgent !== 'string' || userAgent === '') return null;
  return SEARCH_ENGINES.find((e) => e.agent.test(userAgent)) ?? null;
}

/** True when a reverse-DNS name lies in one of the engine's domains (label boundary, case-insensitive, trailing dot ignored). */
export function hostInEngineDomains(engine: SearchEngine, host: string): boolean {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  if (!name || name.length > 253) return false;
  return engine.domains.some((d) => name === d || name.endsWith(`.${d}`));
}
