// @vitest-environment happy-dom
// The consent client (issue #18): opt-in asks first and starts nothing third-party before a choice;
// each granted category's inert scripts and frames start once; the choice is a 12-month cookie and
// is asked again when the category list changes; withdrawing clears the category's first-party
// cookies and stops further loads; opt-out regions get the "Do not sell or share" button; islands and
// the ads code read one API (also window.mastheadConsent), and the tag manager gets the tenant's ids.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_META, consentConfigOf, type ConsentSettings } from '../../engine/domain/consent';

type ConsentModule = typeof import('./consent');

let cookieWrites: string[] = [];

function cookieDescriptor(): PropertyDescriptor {
  for (let p: object | null = Object.getPrototypeOf(document); p; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, 'cookie');
    if (d) return d;
  }
  throw new Error('no document.cookie');
}
const native = cookieDescriptor();
Object.defineProperty(document, 'cookie', {
  configurable: true,
  get: () => native.get!.call(document) as string,
  set: (v: string) => { cookieWrites.push(v); native.set!.call(document, v); },
});

const cookieNames = () => document.cookie.split(';').map((c) => c.split('=')[0]!.trim()).filter(Boolean);

const INERT = `
  <script type="text/plain" data-consent="performance" data-src="https://stats.example/a.js"></script>
  <script type="text/plain" data-consent="targeting" data-src="https://ads.example/ads.js"></script>
  <iframe title="video" data-consent="functional" data-src="https://video.example/embed/1"></iframe>`;

/** The third-party addresses the page has started: scripts that run and frames with a source. */
const started = () => [
  ...[...document.querySelectorAll<HTMLScriptElement>('script[src]:not([type="text/plain"])')].map((s) => s.getAttribute('src')),
  ...[...document.querySelectorAll<HTMLIFrameElement>('iframe[src]')].map((f) => f.getAttribute('src')),
];

/** A fresh page with the consent meta of `settings`, and a fresh consent module started on it. */
async function page(settings: ConsentSettings): Promise<ConsentModule> {
  document.head.innerHTML = '';
  const meta = document.createElement('meta');
  meta.name = CONSENT_META;
  meta.content = JSON.stringify(consentConfigOf(settings));
  document.head.append(meta);
  document.body.innerHTML = INERT;
  vi.resetModules();
  const m = await import('./consent');
  m.startConsent();
  return m;
}

beforeEach(() => {
  const settings = (window as unknown as { happyDOM?: { settings: Record<string, boolean> } }).happyDOM?.settings;
  if (settings) {
    settings.disableJavaScriptFileLoading = true;
    settings.disableIframePageLoading = true;
    settings.handleDisabledFileLoadingAsSuccess = true;
  }
  // (happy-dom still logs each frame it was told not to load; the frames' sources are what is checked.)
  for (const n of cookieNames()) native.set!.call(document, `${n}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`);
  cookieWrites = [];
  delete (window as unknown as { dataLayer?: unknown[] }).dataLayer;
});

describe('opt-in (GDPR/CASL)', () => {
  it('asks first and starts nothing third-party; a choice starts each granted category once and is kept 12 months', async () => {
    const { consent, startScripts } = await page({ mode: 'opt-in' });
    expect(document.querySelector('[role="dialog"][aria-modal="true"]')?.getAttribute('aria-labelledby')).toBe('consent-title');
    expect(started()).toEqual([]);
    expect(consent.decided()).toBe(false);

    consent.set({ performance: true });
    expect(started()).toEqual(['https://stats.example/a.js']);
    const stored = cookieWrites.filter((c) => c.startsWith('mh_consent='));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^mh_consent=[0-9a-z]+\.1000; Max-Age=31536000; Path=\/; SameSite=Lax$/);

    consent.set({ functional: true });
    startScripts();
    expect(started()).toEqual(['https://stats.example/a.js', 'https://video.example/embed/1']);
    expect(consent.has('targeting')).toBe(false);
  });

  it('keeps a choice of the same category list and asks again when the list changes', async () => {
    const first = await page({ mode: 'opt-in' });
    first.consent.set({ performance: true });

    const again = await page({ mode: 'opt-in' });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(again.consent.decided()).toBe(true);
    expect(again.consent.has('performance')).toBe(true);
    expect(started()).toEqual(['https://stats.example/a.js']);

    const changed = await page({ mode: 'opt-in', categoryIds: { performance: 'C0009' } });
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    expect(changed.consent.decided()).toBe(false);
    expect(changed.consent.has('performance')).toBe(false);
    expect(started()).toEqual([]);
  });

  it('withdrawing clears the category’s first-party cookies, keeps the others and starts nothing new', async () => {
    const { consent, startScripts } = await page({ mode: 'opt-in' });
    consent.set({ performance: true, targeting: true });
    document.cookie = '_ga=GA1.1.1; Path=/';
    document.cookie = '_gid=GA1.1.2; Path=/';
    document.cookie = '_fbp=fb.1; Path=/';
    consent.set({ performance: false });
    expect(cookieNames()).not.toContain('_ga');
    expect(cookieNames()).not.toContain('_gid');
    expect(cookieNames()).toEqual(expect.arrayContaining(['_fbp', 'mh_consent']));
    const before = started();
    document.body.insertAdjacentHTML('beforeend', '<script type="text/plain" data-consent="performance" data-src="https://stats.example/b.js"></script>');
    startScripts();
    expect(started()).toEqual(before);
  });
});

describe('opt-out (US states)', () => {
  it('shows no banner, starts everything, and a "Do not sell or share" button turns targeting off', async () => {
    const { consent } = await page({ mode: 'opt-out' });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(started()).toContain('https://ads.example/ads.js');
    document.cookie = '_gcl_au=1.1; Path=/';
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Do not sell or share my personal information');
    expect(button).toBeDefined();
    button!.click();
    expect(consent.has('targeting')).toBe(false);
    expect(consent.has('performance')).toBe(true);
    expect(cookieNames()).not.toContain('_gcl_au');
    expect(cookieWrites.filter((c) => c.startsWith('mh_consent=')).at(-1)).toMatch(/^mh_consent=[0-9a-z]+\.1101;/);
  });
});

describe('the tenant’s policy for strictly necessary events', () => {
  it('sends them always by default, and with "with-consent" only once performance is granted', async () => {
    const always = await page({ mode: 'opt-in' });
    expect(always.consent.eventsAllowed('necessary')).toBe(true);
    expect(always.consent.eventsAllowed('performance')).toBe(false);

    const strict = await page({ mode: 'opt-in', necessaryEvents: 'with-consent' });
    expect(strict.consent.has('necessary')).toBe(true);
    expect(strict.consent.eventsAllowed('necessary')).toBe(false);
    strict.consent.set({ performance: true });
    expect(strict.consent.eventsAllowed('necessary')).toBe(true);
    expect(strict.consent.eventsAllowed('performance')).toBe(true);
  });
});

describe('one API for islands and the ads code', () => {
  it('is window.mastheadConsent, tells listeners about changes, and gives the tag manager the tenant’s category ids', async () => {
    const layer: unknown[] = [];
    (window as unknown as { dataLayer?: unknown[] }).dataLayer = layer;
    const { consent } = await page({ mode: 'opt-in', categoryIds: { performance: 'PERF-1', targeting: 'ADS-1' } });
    expect((window as unknown as { mastheadConsent?: unknown }).mastheadConsent).toBe(consent);
    const seen: boolean[] = [];
    const off = consent.onChange((g) => seen.push(g.targeting));
    consent.set({ performance: true, targeting: true });
    off();
    consent.set({ targeting: false });
    expect(seen).toEqual([true]);
    expect(layer).toContainEqual(expect.objectContaining({ event: 'masthead_consent', OnetrustActiveGroups: ',C0001,PERF-1,ADS-1,' }));
    expect(layer.at(-1)).toMatchObject({ event: 'masthead_consent', OnetrustActiveGroups: ',C0001,PERF-1,' });
  });
});
