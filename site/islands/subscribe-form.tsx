// The anonymous newsletter subscribe form (public §2 "Subscribe pane", §3 "Subscribe request",
// §4, §5, §8), shared by the footer's subscribe pane and the subscribe block. It runs the same
// validation as the API (engine/domain/newsletter-subscribe), so a reader sees the same messages
// either way: no newsletter selected gives 'Please select a newsletter before continuing', any
// invalid field 'Please correct issues with this form' with 'Field is required' (or the field's
// own message) beside it. The region select appears only when the country has regions, the
// compliance checkbox only when the country requires it; an empty compliance is sent as false.
// After a success the subscribed newsletters leave the list, the selection is cleared and the
// success text shows.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { COUNTRIES, consentKey, countryDisplayLabel, findCountry } from '../../engine/domain/countries';
import { htmlToText } from '../../engine/domain/text';
import { PROMO_CODE_MAX, SUBSCRIBE_TEXTS, validateSubscribeRequest } from '../../engine/domain/newsletter-subscribe';
import { autocomplete } from '../attrs';
import { siteApi } from '../client/api';
import { track } from '../client/events';
import { captchaToken } from './captcha';

export interface NewsletterOption { id: number; title: string; description: string }

export interface SubscribeFormProps {
  /** Prefix of the form's element ids (unique on the page). */
  uid: string;
  newsletters: NewsletterOption[];
  promoCode: string | null;
  recaptchaKey: string | null;
  /** Id of a heading that names the newsletter list (the pane's title); without it the list has its own legend. */
  labelledBy?: string;
}

/** The answer of subscribeAnonymousCustomer (public §7: error flag and message). */
export interface SubscribeAnswer { error: boolean; message: string; fields: Record<string, string> | null; newsletterIds: number[] }

/** Titles and descriptions are shown with their HTML tags stripped (public §5). */
export const plainText = (s: string) => htmlToText(s);

/** The form checks itself (the spec's messages, not the browser's); lower-case so validators accept the server markup. */
const NO_BROWSER_VALIDATION = { novalidate: '' } as object;

interface Values { selected: number[]; email: string; country: string; region: string; compliance: boolean }
const EMPTY: Values = { selected: [], email: '', country: '', region: '', compliance: false };

/** A ?pk= promo code (public §2) replaces the configured one; an over-long one is ignored. */
function promoFromUrl(fallback: string | null): string | null {
  const pk = new URLSearchParams(location.search).get('pk')?.trim();
  return pk && pk.length <= PROMO_CODE_MAX ? pk : fallback;
}

export function subscribeRequest(v: Values, promoCode: string | null, recaptchaToken: string) {
  const region = findCountry(v.country)?.regions ? v.region || null : null;
  return {
    email: v.email,
    omedaProducts: v.selected,
    countryCode: v.country,
    regionCode: region,
    consent: v.country ? { [consentKey(v.country)]: { country: v.country, region, compliance: v.compliance } } : null,
    recaptchaToken,
    promoCode,
  };
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? <p id={id} className="subscribe-error">{text}</p> : null;
}

export function SubscribeForm({ uid, newsletters, promoCode, recaptchaKey, labelledBy }: SubscribeFormProps) {
  const [available, setAvailable] = useState(newsletters);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const [promo, setPromo] = useState(promoCode);
  const form = useRef<HTMLFormElement>(null);
  const success = useRef<HTMLParagraphElement>(null);
  // The ~250 countries are listed once the form runs in the browser: the server markup (on every
  // page with a subscribe block) carries only the placeholder, about 9 KB less per page, and the
  // form cannot be sent before it runs anyway.
  const [live, setLive] = useState(false);
  useEffect(() => { setLive(true); }, []);

  useEffect(() => { setPromo(promoFromUrl(promoCode)); }, [promoCode]);
  useEffect(() => {
    if (focusTick === 0) return;
    if (done) { success.current?.focus(); return; }
    // The first field at fault, in the order the form shows them (a fieldset: its first box).
    const bad = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (bad?.tagName === 'FIELDSET' ? bad.querySelector<HTMLElement>('input') : bad)?.focus();
  }, [focusTick, done]);

  const validate = (v: Values) => validateSubscribeRequest(subscribeRequest(v, promo, 'pending'));
  const update = (patch: Partial<Values>) => {
    const next = { ...values, ...patch };
    if (patch.country !== undefined) { next.region = ''; next.compliance = false; }
    setValues(next);
    setDone(false);
    // After a first attempt, the messages follow the reader's corrections.
    if (checked) {
      const r = validate(next);
      setErrors(r.ok ? {} : r.fields);
      setMessage(r.ok ? null : r.message);
    }
  };
  const toggle = (id: number) => update({ selected: values.selected.includes(id) ? values.selected.filter((x) => x !== id) : [...values.selected, id] });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setChecked(true);
    const r = validate(values);
    if (!r.ok) { setErrors(r.fields); setMessage(r.message); setFocusTick((n) => n + 1); return; }
    setBusy(true);
    try {
      const token = await captchaToken(recaptchaKey).catch(() => '');
      const answer = await siteApi().mutation<SubscribeAnswer>('subscribeAnonymousCustomer', subscribeRequest(values, promo, token));
      if (answer.error) {
        setErrors(answer.fields ?? {});
        setMessage(answer.message);
      } else {
        const gone = new Set(answer.newsletterIds.length ? answer.newsletterIds : values.selected);
        for (const newsletterId of gone) track('NewsletterSubscription', { newsletterId, source: 'NlWidgetUnauthenticated' });
        setAvailable((list) => list.filter((n) => !gone.has(n.id)));
        setValues((v) => ({ ...v, selected: [] }));
        setErrors({});
        setMessage(null);
        setChecked(false);
        setDone(true);
      }
    } catch (err) {
      setErrors({});
      setMessage(err instanceof Error && err.message ? err.message : SUBSCRIBE_TEXTS.correctForm);
    } finally {
      setBusy(false);
      setFocusTick((n) => n + 1);
    }
  };

  const country = findCountry(values.country);
  const describe = (field: string) => (errors[field] ? `${uid}-${field}-error` : undefined);
  const invalid = (field: string) => (errors[field] ? true : undefined);
  return (
    <form ref={form} className="subscribe-form" {...NO_BROWSER_VALIDATION} onSubmit={(e) => { void submit(e); }}>
      {done && <p ref={success} className="subscribe-success" role="status" tabIndex={-1}>{SUBSCRIBE_TEXTS.success}</p>}
      {available.length === 0 ? (
        !done && <p className="subscribe-empty">{SUBSCRIBE_TEXTS.emptyAnonymous}</p>
      ) : (
        <>
          <fieldset className="subscribe-newsletters" aria-labelledby={labelledBy} aria-describedby={describe('omedaProducts')} aria-invalid={invalid('omedaProducts')}>
            {!labelledBy && <legend>{SUBSCRIBE_TEXTS.paneTitle}</legend>}
            {available.map((n) => (
              <label key={n.id} className="subscribe-option">
                <input type="checkbox" name="omedaProducts[]" value={String(n.id)} checked={values.selected.includes(n.id)} onChange={() => toggle(n.id)} />
                <span className="subscribe-option-text">
                  <span className="subscribe-option-title">{plainText(n.title)}</span>
                  {n.description && <span className="subscribe-option-description">{plainText(n.description)}</span>}
                </span>
              </label>
            ))}
            <FieldError id={`${uid}-omedaProducts-error`} text={errors.omedaProducts} />
          </fieldset>
          <div className="subscribe-field">
            <label htmlFor={`${uid}-email`}>{SUBSCRIBE_TEXTS.emailLabel}</label>
            <input id={`${uid}-email`} type="email" name="email" {...autocomplete('email')} placeholder={SUBSCRIBE_TEXTS.emailPlaceholder} required
              value={values.email} onChange={(e) => update({ email: e.currentTarget.value })} aria-invalid={invalid('email')} aria-describedby={describe('email')} />
            <FieldError id={`${uid}-email-error`} text={errors.email} />
          </div>
          <div className="subscribe-field">
            <label htmlFor={`${uid}-countryCode`}>{SUBSCRIBE_TEXTS.countryLabel}</label>
            <select id={`${uid}-countryCode`} name="countryCode" {...autocomplete('country')} required value={values.country}
              onChange={(e) => update({ country: e.currentTarget.value })} aria-invalid={invalid('countryCode')} aria-describedby={describe('countryCode')}>
              <option value="">{SUBSCRIBE_TEXTS.countryPlaceholder}</option>
              {live && COUNTRIES.map((c) => <option key={c.alpha3} value={c.alpha3}>{countryDisplayLabel(c)}</option>)}
            </select>
            <FieldError id={`${uid}-countryCode-error`} text={errors.countryCode} />
          </div>
          {country?.regions && (
            <div className="subscribe-field">
              <label htmlFor={`${uid}-regionCode`}>{country.regions.label}</label>
              <select id={`${uid}-regionCode`} name="regionCode" required value={values.region}
                onChange={(e) => update({ region: e.currentTarget.value })} aria-invalid={invalid('regionCode')} aria-describedby={describe('regionCode')}>
                <option value="">{SUBSCRIBE_TEXTS.countryPlaceholder}</option>
                {country.regions.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
              </select>
              <FieldError id={`${uid}-regionCode-error`} text={errors.regionCode} />
            </div>
          )}
          {country?.compliance === 'required' && (
            <div className="subscribe-field subscribe-compliance">
              <label>
                <input id={`${uid}-compliance`} type="checkbox" name="compliance" required checked={values.compliance}
                  onChange={(e) => update({ compliance: e.currentTarget.checked })} aria-invalid={invalid('compliance')} aria-describedby={describe('compliance')} />
                <span>{SUBSCRIBE_TEXTS.complianceText}</span>
              </label>
              <FieldError id={`${uid}-compliance-error`} text={errors.compliance} />
            </div>
          )}
          {message && <p id={`${uid}-message`} className="subscribe-message" role="alert">{message}</p>}
          <button type="submit" className="button subscribe-submit" disabled={busy} aria-describedby={message ? `${uid}-message` : undefined}>
            {busy ? 'Signing Up…' : 'Sign Up'}
          </button>
        </>
      )}
    </form>
  );
}
