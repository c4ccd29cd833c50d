import { describe, expect, it } from 'vitest';
import { claimedEngine, hostInEngineDomains, SEARCH_ENGINES } from './crawlers';

const engine = (key: string) => SEARCH_ENGINES.find((e) => e.key === key)!;

describe('search engines', () => {
  it('reads the engine a User-Agent claims', () => {
    expect(claimedEngine('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')?.key).toBe('google');
    expect(claimedEngine('Googlebot-Image/1.0')?.key).toBe('google');
    expect(claimedEngine('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)')?.key).toBe('bing');
    expect(claimedEngine('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1)')?.key).toBe('apple');
    expect(claimedEngine('Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)')?.key).toBe('yandex');
  });

  it('reads no claim from a browser, an empty or a missing agent', () => {
    for (const ua of ['Mozilla/5.0 Firefox/140', '', null, undefined]) expect(claimedEngine(ua)).toBeNull();
  });

  it("accepts only names inside the engine's own domains, on a label boundary", () => {
    expect(hostInEngineDomains(engine('google'), 'crawl-66-249-66-1.googlebot.com.')).toBe(true);
    expect(hostInEngineDomains(engine('google'), 'RATE-LIMITED-PROXY-66-249-90-77.GOOGLE.COM')).toBe(true);
    expect(hostInEngineDomains(engine('google'), 'evilgooglebot.com')).toBe(false);
    expect(hostInEngineDomains(engine('google'), 'crawl.googlebot.com.evil.example')).toBe(false);
    expect(hostInEngineDomains(engine('google'), '1.2.3.34.bc.googleusercontent.com')).toBe(false);
    expect(hostInEngineDomains(engine('google'), 'msnbot-157-55-33-18.search.msn.com')).toBe(false);
    expect(hostInEngineDomains(engine('bing'), 'msnbot-157-55-33-18.search.msn.com')).toBe(true);
    expect(hostInEngineDomains(engine('yandex'), 'spider-5-255-253-1.yandex.com')).toBe(true);
  });
});
