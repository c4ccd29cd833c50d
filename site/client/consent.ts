// The consent client (issue #18): the reader's choice per category, one small API for islands and
// the ads code (`consent.has('targeting')`, `consent.onChange(fn)`; also window.mastheadConsent),
// the banner, and the gate every third-party script passes.
//
// Why our own module (3.7 KB gzip minified, with the domain tables it imports) and not
// vanilla-cookieconsent: that library is 15.5 KB gzip on its own (v3.1.0, `gzip -9` of
// dist/cookieconsent.umd.js 10.2 KB + dist/cookieconsent.css 5.3 KB);
// the article page's whole budget is 50 KB and already carries preact islands. The parts the issue
// needs (a focus-trapped labelled dialog, five categories, a 12-month cookie, script gating, Consent
// Mode v2) are small enough to keep here and test directly.
//
// - The page says what it needs in <meta name="masthead-consent"> (mode, version, category ids);
//   without it the site loads no third-party script and shows no banner.
// - opt-in (GDPR/CASL): the banner opens on the first visit (and when the version changed); nothing
//   optional loads before a choice. opt-out (US states): everything loads unless the reader says
//   no; a "Do not sell or share my personal information" button turns targeting off.
// - Third-party scripts are emitted inert: <script type="text/plain" data-consent="<category>"
//   data-src="…"> (or inline text) and <iframe data-consent data-src>; each is started once, when its
//   category is granted. The tag manager (masthead-tag-manager meta) is performance.
// - Withdrawing stops further loads, sends the Consent Mode update and clears the category's cookies.
import {
  CATEGORY_COOKIES, CATEGORY_LABELS, CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS, CONSENT_META, consentModeSignals, cookieMatches,
  OPTIONAL_CATEGORIES, parseConsentCookie, type ConsentCategory, type ConsentConfig, type Granted,
} from '../../engine/domain/consent';

type Listener = (g: Granted) => void;

interface Stored { version: string; granted: Granted }

const NONE: Granted = { necessary: true, performance: false, functional: false, targeting: false, social: false };
const ALL: Granted = { necessary: true, performance: true, functional: true, targeting: true, social: true };

function readConfig(): ConsentConfig | null {
  const raw = document.querySelector<HTMLMetaElement>(`meta[name="${CONSENT_META}"]`)?.content;
  if (!raw) return null;
  try {
    const c = JSON.parse(raw) as ConsentConfig;
    return c && (c.mode === 'opt-in' || c.mode === 'opt-out') && typeof c.version === 'string' ? c : null;
  } catch {
    return null;
  }
}

function readStored(): Stored | null {
  const m = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)`).exec(document.cookie);
  return parseConsentCookie(m?.[1]);
}

function writeStored(s: Stored): void {
  const bits = OPTIONAL_CATEGORIES.map((c) => (s.granted[c] ? '1' : '0')).join('');
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${s.version}.${bits}; Max-Age=${CONSENT_MAX_AGE_DAYS * 86_400}; Path=/; SameSite=Lax${secure}`;
}

/** Deletes the first-party cookies a category's scripts set, on this host and its parent domains. */
function clearCookies(category: ConsentCategory): void {
  const patterns = CATEGORY_COOKIES[category];
  const names = document.cookie.split(';').map((c) => c.split('=')[0]!.trim()).filter((n) => n && patterns.some((p) => cookieMatches(p, n)));
  const parts = location.hostname.split('.');
  const domains = [''];
  for (let i = 0; i < parts.length - 1; i++) domains.push(`; Domain=.${parts.slice(i).join('.')}`);
  for (const n of names) for (const d of domains) document.cookie = `${n}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/${d}`;
}

type Gtag = (...a: unknown[]) => void;
const w = window as unknown as { gtag?: Gtag; dataLayer?: unknown[]; mastheadConsent?: ConsentApi };

let config: ConsentConfig | null = null;
let granted: Granted = { ...NONE };
let decided = false;
const listeners = new Set<Listener>();

export interface ConsentApi {
  /** Whether the category is granted now (strictly necessary always is). */
  has(category: ConsentCategory): boolean;
  /** The current choice. */
  get(): Granted;
  /** Called with every change (also once at start with the stored choice, when there is one); returns an unsubscribe. */
  onChange(fn: Listener): () => void;
  /** Records a choice (the missing categories keep their value). */
  set(choice: Partial<Granted>): void;
  /** Opens the preferences dialog (to change or withdraw a choice). */
  open(): void;
  /** Whether the reader has made a choice of the current version. */
  decided(): boolean;
  /**
   * Whether first-party events of a category may be sent: performance ones with that consent;
   * strictly necessary ones (registration funnel, newsletter sign-ups) by the tenant's policy
   * (`necessaryEvents`: always, or only with performance consent).
   */
  eventsAllowed(category: ConsentCategory): boolean;
}

function apply(next: Granted, save: boolean): void {
  const before = granted;
  granted = { ...next, necessary: true };
  if (save && config) {
    writeStored({ version: config.version, granted });
    decided = true;
  }
  for (const c of OPTIONAL_CATEGORIES) if (before[c] && !granted[c]) clearCookies(c);
  if (w.gtag) w.gtag('consent', 'update', consentModeSignals(granted));
  if (config && w.dataLayer) {
    const active = (Object.keys(granted) as ConsentCategory[]).filter((c) => granted[c]).map((c) => config!.ids[c]);
    w.dataLayer.push({ event: 'masthead_consent', OnetrustActiveGroups: `,${active.join(',')},`, mastheadConsent: { ...granted } });
  }
  startScripts();
  for (const fn of listeners) fn({ ...granted });
}

/** Starts the inert third-party scripts and frames of the granted categories; each only once. */
export function startScripts(root: ParentNode = document): void {
  if (!config) return;
  const tm = document.querySelector<HTMLMetaElement>('meta[name="masthead-tag-manager"]');
  if (tm && !tm.hasAttribute('data-off') && granted.performance && !tm.hasAttribute('data-loaded')) {
    tm.setAttribute('data-loaded', '');
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const s = document.createElement('script');
    s.async = true;
    s.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tm.content)}`;
    document.head.appendChild(s);
  }
  for (const el of root.querySelectorAll<HTMLElement>('script[type="text/plain"][data-consent]:not([data-loaded]), iframe[data-consent][data-src]:not([data-loaded])')) {
    const category = el.dataset.consent as ConsentCategory;
    if (!granted[category]) continue;
    el.setAttribute('data-loaded', '');
    if (el instanceof HTMLIFrameElement) {
      el.src = el.dataset.src!;
      continue;
    }
    const s = document.createElement('script');
    if (el.dataset.src) s.src = el.dataset.src;
    else s.text = el.textContent ?? '';
    s.async = true;
    el.after(s);
  }
}

// ——— the banner ———

let dialog: HTMLElement | null = null;
let returnFocus: HTMLElement | null = null;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string>, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function close(): void {
  dialog?.remove();
  dialog = null;
  returnFocus?.focus();
  returnFocus = null;
}

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('button, input:not([disabled]), a[href]')].filter((e) => !e.closest('[hidden]'));
}

export function openBanner(): void {
  if (!config || dialog) return;
  returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const d = el('div', { class: 'consent', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'consent-title', 'aria-describedby': 'consent-text' });
  d.append(
    el('h2', { id: 'consent-title', class: 'consent-title' }, 'Your privacy choices'),
    el('p', { id: 'consent-text' }, config.mode === 'opt-in'
      ? 'We use cookies and similar tools from other companies for statistics, features, advertising and social media, only with your permission. Choose below; you can change your mind at any time with "Privacy choices".'
      : 'We and our partners use cookies for statistics, features, advertising and social media. You can opt out of any of them, including the sale or sharing of your personal information.'),
  );
  const list = el('fieldset', { class: 'consent-categories', hidden: '' });
  list.append(el('legend', {}, 'Categories'));
  for (const c of ['necessary', ...OPTIONAL_CATEGORIES] as ConsentCategory[]) {
    const id = `consent-${c}`;
    const row = el('div', { class: 'consent-category' });
    const box = el('input', { type: 'checkbox', id, name: c, 'aria-describedby': `${id}-text` });
    box.checked = granted[c];
    if (c === 'necessary') box.disabled = true;
    row.append(box, el('label', { for: id }, CATEGORY_LABELS[c].title), el('p', { id: `${id}-text` }, CATEGORY_LABELS[c].description));
    list.append(row);
  }
  const buttons = el('div', { class: 'consent-buttons' });
  const accept = el('button', { type: 'button', class: 'button', 'data-consent-action': 'accept' }, 'Accept all');
  const reject = el('button', { type: 'button', class: 'button', 'data-consent-action': 'reject' }, 'Reject all');
  const choose = el('button', { type: 'button', class: 'button button-ghost', 'aria-expanded': 'false', 'data-consent-action': 'choose' }, 'Choose');
  const save = el('button', { type: 'button', class: 'button button-ghost', hidden: '', 'data-consent-action': 'save' }, 'Save choices');
  accept.onclick = () => { apply(ALL, true); close(); };
  reject.onclick = () => { apply(NONE, true); close(); };
  choose.onclick = () => {
    list.hidden = false;
    save.hidden = false;
    choose.hidden = true;
    list.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
  };
  save.onclick = () => {
    const next = { ...NONE };
    for (const c of OPTIONAL_CATEGORIES) next[c] = (list.querySelector<HTMLInputElement>(`#consent-${c}`)?.checked) ?? false;
    apply(next, true);
    close();
  };
  buttons.append(accept, reject, choose, save);
  d.append(list, buttons);
  d.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && decided) { close(); return; }
    if (e.key !== 'Tab') return;
    const f = focusables(d);
    const first = f[0];
    const last = f[f.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
  });
  document.body.append(d);
  dialog = d;
  accept.focus();
}

function addReopenButton(): void {
  if (!config || document.querySelector('.consent-reopen')) return;
  const b = el('button', { type: 'button', class: 'consent-reopen' }, config.mode === 'opt-out' ? 'Do not sell or share my personal information' : 'Privacy choices');
  b.onclick = () => {
    if (config?.mode === 'opt-out' && granted.targeting) apply({ ...granted, targeting: false }, true);
    openBanner();
  };
  document.body.append(b);
}

export const consent: ConsentApi = {
  has: (c) => c === 'necessary' || granted[c],
  get: () => ({ ...granted }),
  onChange(fn) {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
  set: (choice) => apply({ ...granted, ...choice }, true),
  open: openBanner,
  decided: () => decided,
  eventsAllowed: (c) => (c === 'necessary' ? config?.necessaryEvents !== 'with-consent' || granted.performance : granted[c]),
};

/**
 * Starts consent on the page: reads the settings and the stored choice, starts what is granted,
 * and opens the banner when an opt-in reader has no choice of this version. Without the consent
 * meta the page has no third-party script: every category counts as granted for first-party use.
 */
export function startConsent(): ConsentApi {
  config = readConfig();
  w.mastheadConsent = consent;
  if (!config) {
    granted = { ...ALL };
    decided = true;
    return consent;
  }
  const stored = readStored();
  if (stored && stored.version === config.version) {
    decided = true;
    apply(stored.granted, false);
  } else {
    apply(config.mode === 'opt-out' ? ALL : NONE, false);
    if (config.mode === 'opt-in') openBanner();
  }
  addReopenButton();
  return consent;
}
