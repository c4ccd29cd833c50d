// reCAPTCHA v3 tokens of the anonymous forms. Subscribe (public §7: action
// newsletterSubscribeSignUp) gets the tenant's site key as a prop; the member forms (login, reset
// request, registration request: actions siteUserLogin, siteUserPasswordReset, siteUserRegister,
// the ones the API checks) read it from the page's <meta name="masthead-recaptcha">. With a key,
// Google's script is loaded on first use and asked for a token; without one (the demo and
// development) subscribe sends the development token, which only the API's development verifier
// accepts (engine/newsletter/captcha.ts), and the member forms send none.
import { SUBSCRIBE_CAPTCHA_ACTION } from '../../engine/domain/newsletter-subscribe';

export const DEVELOPMENT_CAPTCHA_TOKEN = 'development';
/** The meta tag that carries the tenant's site key on every page (site/head.tsx). */
export const CAPTCHA_META = 'masthead-recaptcha';

/** The actions the API checks for each member form (api/members/account.ts, registration.ts). */
export type MemberCaptchaAction = 'siteUserLogin' | 'siteUserPasswordReset' | 'siteUserRegister';

interface Grecaptcha { ready(cb: () => void): void; execute(key: string, opts: { action: string }): Promise<string> }

let script: Promise<Grecaptcha> | null = null;

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  script ??= new Promise<Grecaptcha>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    el.async = true;
    el.onload = () => {
      const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (g) resolve(g);
      else reject(new Error('reCAPTCHA did not load'));
    };
    el.onerror = () => reject(new Error('reCAPTCHA did not load'));
    document.head.appendChild(el);
  }).catch((e: unknown) => {
    script = null;
    throw e;
  });
  return script;
}

export async function captchaToken(siteKey: string | null, action: string = SUBSCRIBE_CAPTCHA_ACTION): Promise<string> {
  if (!siteKey) return DEVELOPMENT_CAPTCHA_TOKEN;
  const g = await loadRecaptcha(siteKey);
  return new Promise<string>((resolve, reject) => {
    g.ready(() => { g.execute(siteKey, { action }).then(resolve, reject); });
  });
}

/** The page's reCAPTCHA site key, if the tenant has one. */
export function pageCaptchaKey(): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${CAPTCHA_META}"]`)?.content.trim() || null;
}

/**
 * The variables a member form adds to its request: `{ recaptchaToken }` with the page's key, none
 * without. A script that fails to load sends no token, and the API answers with its captcha error.
 */
export async function memberCaptcha(action: MemberCaptchaAction): Promise<{ recaptchaToken?: string }> {
  const key = pageCaptchaKey();
  if (!key) return {};
  const token = await captchaToken(key, action).catch(() => '');
  return token ? { recaptchaToken: token } : {};
}
