import { describe, expect, it } from 'vitest';
import { emitRobots } from './emit-robots';
import { makeIndex } from '../../../tests/helpers/crawler-index';

/** Groups robots.txt the way a crawler reads it: directive name (lower-cased) → values. */
function directives(body: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of body.split('\n')) {
    const m = /^([A-Za-z-]+):\s*(.*)$/.exec(line.replace(/#.*/, '').trim());
    if (m) out.set(m[1]!.toLowerCase(), [...(out.get(m[1]!.toLowerCase()) ?? []), m[2]!]);
  }
  return out;
}

describe('emitRobots', () => {
  it('keeps every crawler out of /admin and /account and lists both sitemaps by absolute URL', () => {
    const [file] = emitRobots(makeIndex({ origin: 'http://freightwise.localhost:4000' }));
    expect(file?.path).toBe('robots.txt');
    expect(file?.contentType).toMatch(/^text\/plain/);
    const d = directives(String(file?.body));
    expect(d.get('user-agent')).toEqual(['*']);
    expect(d.get('disallow')).toEqual(['/admin', '/account']);
    expect(d.get('sitemap')).toEqual(['http://freightwise.localhost:4000/sitemap.xml', 'http://freightwise.localhost:4000/sitemap-google-news.xml']);
  });
});
