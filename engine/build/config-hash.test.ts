// Which code decides which outputs: site pages hash the site's components, styles and the build
// code, never the newsletter templates or renderer, which only the newsletter pages (the "nl"
// input) depend on. An edit to a newsletter template so re-renders just the newsletter pages.
import { describe, expect, it } from 'vitest';
import { configHash, newsletterCodeFiles, newsletterCodeHash, siteCodeFiles } from './config-hash';

describe('code hashes', () => {
  it('keeps newsletter templates and the renderer out of the site hash, and in the newsletter hash', () => {
    const site = siteCodeFiles();
    const newsletter = newsletterCodeFiles();
    expect(site).toContain('site/document.tsx');
    expect(site).toContain('site/styles/site.css');
    expect(site).toContain('engine/build/stages/resolve.ts');
    expect(newsletter.some((f) => f.startsWith('templates/newsletter/') && f.endsWith('.mjml'))).toBe(true);
    expect(newsletter.some((f) => f.startsWith('engine/newsletter/'))).toBe(true);
    expect(site.filter((f) => f.startsWith('templates/newsletter/') || f.startsWith('engine/newsletter/'))).toEqual([]);
    expect(site.some((f) => f.endsWith('.test.ts') || f.endsWith('.test.tsx'))).toBe(false);
  });

  it('names the origin template and client entry in the site hash, and is stable', () => {
    const a = configHash('https://{key}.example', null);
    expect(configHash('https://{key}.example', null)).toBe(a);
    expect(configHash('https://{key}.example.org', null)).not.toBe(a);
    expect(configHash('https://{key}.example', '["/assets/site-main-x.js"]')).not.toBe(a);
    expect(newsletterCodeHash()).toMatch(/^[\w-]{22}$/);
  });
});
