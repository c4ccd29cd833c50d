// @vitest-environment happy-dom
// Tracking metadata and preview mode (public §2): pages carry the tag-manager id and its loader;
// a signed draft preview carries neither; on a prerendered page opened with preview-mode=true the
// loader starts nothing.
import { load } from 'cheerio';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChromeView, HeadView } from './model';
import { Head, TRACKING_LOADER, TRACKING_META } from './head';
import { CAPTCHA_META } from './islands/captcha';

const head: HeadView = { title: 'Rates', description: 'd', canonical: null, robots: null, ogType: 'article', image: null, rssHref: null, rssTitle: null, jsonLd: {} };
const chrome = { siteName: 'Alpha', cssHref: '/assets/site.css', cssIntegrity: 'sha384-x', favicon: null, tagManagerId: 'GTM-ABC123' } as ChromeView;

const render = (h: HeadView, c: ChromeView) => load(`<head>${renderToStaticMarkup(<Head head={h} chrome={c} />)}</head>`);

afterEach(() => { vi.restoreAllMocks(); history.replaceState(null, '', '/'); document.head.innerHTML = ''; });

describe('tracking metadata', () => {
  it('is in a page of a site with a tag-manager id', () => {
    const $ = render(head, chrome);
    expect($(`meta[name="${TRACKING_META}"]`).attr('content')).toBe('GTM-ABC123');
    expect($(`meta[name="${TRACKING_META}"]`).attr('data-consent-mode')).toBe('opt-in');
    expect($('script:not([type])').html()).toBe(TRACKING_LOADER);
  });

  it('is left out of a draft preview, and of sites without a valid id', () => {
    for (const $ of [render({ ...head, noTracking: true }, chrome), render(head, { ...chrome, tagManagerId: null }), render(head, { ...chrome, tagManagerId: 'gtm-bad"' })]) {
      expect($(`meta[name="${TRACKING_META}"]`).length).toBe(0);
      expect($('script:not([type])').length).toBe(0);
    }
  });

  function runLoader(search: string): HTMLScriptElement[] {
    history.replaceState(null, '', `/markets/10100001/rates${search}`);
    document.head.innerHTML = `<meta name="${TRACKING_META}" content="GTM-ABC123">`;
    const added: HTMLScriptElement[] = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(n: T) => { added.push(n as unknown as HTMLScriptElement); return n; });
    new Function(TRACKING_LOADER)();
    return added;
  }

  it('loads no script itself: it sets the Consent Mode v2 defaults (denied) and leaves the tag manager to the consent client', () => {
    const w = window as unknown as { dataLayer?: unknown[] };
    delete w.dataLayer;
    const added = runLoader('?utm_source=x');
    expect(added).toHaveLength(0);
    const calls = (w.dataLayer ?? []).map((a) => Array.from(a as ArrayLike<unknown>));
    expect(calls).toContainEqual(['consent', 'default', expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' })]);
    expect(document.querySelector(`meta[name="${TRACKING_META}"]`)!.hasAttribute('data-off')).toBe(false);
  });

  it('marks the tag manager off with preview-mode=true', () => {
    expect(runLoader('?preview-mode=true')).toHaveLength(0);
    expect(document.querySelector(`meta[name="${TRACKING_META}"]`)!.hasAttribute('data-off')).toBe(true);
  });
});

describe('captcha site key', () => {
  it("is on every page of a tenant with a reCAPTCHA key, for the member forms, and absent without one", () => {
    expect(render(head, { ...chrome, recaptchaKey: 'site-key-1' })(`meta[name="${CAPTCHA_META}"]`).attr('content')).toBe('site-key-1');
    expect(render(head, { ...chrome, recaptchaKey: null })(`meta[name="${CAPTCHA_META}"]`).length).toBe(0);
  });
});
