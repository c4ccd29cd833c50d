// The inquiry form block (RMI, issue 17): name, e-mail, company, question and the consent box,
// server-rendered and hydrated in place. It checks itself with the API's own rule
// (engine/domain/inquiry), showing every message beside its field; the API's answer to a bad field
// (BAD_USER_INPUT naming it) lands beside that field too. The captcha token is the subscribe
// form's (reCAPTCHA v3 with the page's site key, action inquirySubmit; the development token without one).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { INQUIRY_CAPTCHA_ACTION, INQUIRY_TEXTS, validateInquiry } from '../../engine/domain/inquiry';
import { autocomplete } from '../attrs';
import { siteApi } from '../client/api';
import { captchaToken, pageCaptchaKey } from './captcha';

export type InquiryFormProps = {
  /** Unique on the page: the block's grid position. */
  uid: string;
  /** The page's content item the inquiry is about (null off content pages). */
  contentId: number | null;
  submitLabel: string;
};

interface Values { name: string; email: string; company: string; message: string; consent: boolean }
const EMPTY: Values = { name: '', email: '', company: '', message: '', consent: false };

/** The form checks itself (the API's messages, not the browser's); lower-case so validators accept the server markup. */
const NO_BROWSER_VALIDATION = { novalidate: '' } as object;

const request = (v: Values, contentId: number | null, recaptchaToken: string) => ({
  name: v.name, email: v.email, company: v.company, message: v.message, contentId, consent: v.consent, recaptchaToken,
});

export function InquiryForm({ uid, contentId, submitLabel }: InquiryFormProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [checked, setChecked] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const success = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (focusTick === 0) return;
    if (done) { success.current?.focus(); return; }
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick, done]);

  const check = (v: Values) => {
    const r = validateInquiry(request(v, contentId, ''));
    return r.ok ? {} : r.fields;
  };
  const update = (patch: Partial<Values>) => {
    const next = { ...values, ...patch };
    setValues(next);
    setDone(null);
    if (checked) setErrors(check(next));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setChecked(true);
    const fields = check(values);
    setErrors(fields);
    if (Object.keys(fields).length) { setMessage(INQUIRY_TEXTS.correctForm); setFocusTick((n) => n + 1); return; }
    setBusy(true);
    try {
      const token = await captchaToken(pageCaptchaKey(), INQUIRY_CAPTCHA_ACTION).catch(() => '');
      const answer = await siteApi().mutation<{ id: number; message: string }>('submitInquiry', request(values, contentId, token));
      setValues(EMPTY);
      setErrors({});
      setMessage(null);
      setChecked(false);
      setDone(answer.message);
    } catch (err) {
      const ext = (err as { extensions?: Record<string, unknown> }).extensions ?? {};
      const field = typeof ext.field === 'string' && ext.field in values ? ext.field : null;
      const text = err instanceof Error && err.message ? err.message : INQUIRY_TEXTS.correctForm;
      if (field) {
        setErrors({ [field]: text.replace(/^[\w.]+: /, '') });
        setMessage(INQUIRY_TEXTS.correctForm);
      } else {
        setErrors({});
        setMessage(text.replace(/^recaptchaToken: /, ''));
      }
    } finally {
      setBusy(false);
      setFocusTick((n) => n + 1);
    }
  };

  const id = (field: string) => `${uid}-${field}`;
  const aria = (field: string) => ({ 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': errors[field] ? `${id(field)}-error` : undefined });
  const error = (field: string) => (errors[field] ? <p id={`${id(field)}-error`} className="inquiry-error">{errors[field]}</p> : null);
  return (
    <form ref={form} className="inquiry-form" {...NO_BROWSER_VALIDATION} onSubmit={(e) => { void submit(e); }}>
      {done && <p ref={success} className="inquiry-success" role="status" tabIndex={-1}>{done}</p>}
      <div className="inquiry-field">
        <label htmlFor={id('name')}>{INQUIRY_TEXTS.nameLabel}</label>
        <input id={id('name')} name="name" type="text" {...autocomplete('name')} required
          value={values.name} onChange={(e) => update({ name: e.currentTarget.value })} {...aria('name')} />
        {error('name')}
      </div>
      <div className="inquiry-field">
        <label htmlFor={id('email')}>{INQUIRY_TEXTS.emailLabel}</label>
        <input id={id('email')} name="email" type="email" {...autocomplete('email')} required
          value={values.email} onChange={(e) => update({ email: e.currentTarget.value })} {...aria('email')} />
        {error('email')}
      </div>
      <div className="inquiry-field">
        <label htmlFor={id('company')}>{INQUIRY_TEXTS.companyLabel}</label>
        <input id={id('company')} name="company" type="text" {...autocomplete('organization')}
          value={values.company} onChange={(e) => update({ company: e.currentTarget.value })} {...aria('company')} />
        {error('company')}
      </div>
      <div className="inquiry-field">
        <label htmlFor={id('message')}>{INQUIRY_TEXTS.messageLabel}</label>
        <textarea id={id('message')} name="message" rows={5} required
          value={values.message} onChange={(e) => update({ message: e.currentTarget.value })} {...aria('message')} />
        {error('message')}
      </div>
      <div className="inquiry-field inquiry-consent">
        <input id={id('consent')} name="consent" type="checkbox" required checked={values.consent}
          onChange={(e) => update({ consent: e.currentTarget.checked })} {...aria('consent')} />
        <label htmlFor={id('consent')}>{INQUIRY_TEXTS.consentText}</label>
        {error('consent')}
      </div>
      {message && <p id={id('message-summary')} className="inquiry-message" role="alert">{message}</p>}
      <button type="submit" className="button inquiry-submit" disabled={busy}>{busy ? INQUIRY_TEXTS.sending : submitLabel}</button>
    </form>
  );
}
