// The captcha token of an anonymous subscribe (public §7: action newsletterSubscribeSignUp). With
// the tenant's reCAPTCHA v3 site key, Google's script is loaded on first use and asked for a token;
// without one (the demo and development) the development token is sent, which only the API's
// development verifier accepts (engine/newsletter/captcha.ts: any non-empty token).
import { SUBSCRIBE_CAPTCHA_ACTION } from '../../engine/domain/newsletter-subscribe';

export const DEVELOPMENT_CAPTCHA_TOKEN = 'development';

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

export async function captchaToken(siteKey: string | null): Promise<string> {
  if (!siteKey) return DEVELOPMENT_CAPTCHA_TOKEN;
  const g = await loadRecaptcha(siteKey);
  return new Promise<string>((resolve, reject) => {
    g.ready(() => { g.execute(siteKey, { action: SUBSCRIBE_CAPTCHA_ACTION }).then(resolve, reject); });
  });
}
