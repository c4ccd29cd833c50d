// The one HTML escape (issue 38): what it does, and that no other source file defines its own.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html-escape';

const ROOT = join(import.meta.dirname, '..', '..');
/** XML escapes (&apos;, no HTML): sitemaps, feeds and the print package's InDesign XML. */
const XML_ESCAPERS = new Set(['engine/build/stages/emit-sitemaps.ts', 'engine/magazine/print-export.ts']);

function sources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'migrations') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$|\.d\.ts$/.test(e.name)) out.push(relative(ROOT, p));
  }
  return out;
}

describe('escapeHtml', () => {
  it('escapes the five characters, in text and quoted attributes alike, and leaves the rest', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Zoë</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Zoë&lt;/a&gt;');
    expect(escapeHtml('plain words')).toBe('plain words');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('is the only HTML escape in the project\u2019s sources', () => {
    const copies: string[] = [];
    for (const file of ['engine', 'api', 'site', 'admin', 'cli'].flatMap((d) => sources(join(ROOT, d)))) {
      if (file === 'engine/domain/html-escape.ts' || XML_ESCAPERS.has(file)) continue;
      readFileSync(join(ROOT, file), 'utf8').split('\n').forEach((line, i) => {
        if (/['"`]&amp;['"`]|&amp;['"`]\)/.test(line)) copies.push(`${file}:${i + 1}`);
      });
    }
    expect(copies).toEqual([]);
  });
});
