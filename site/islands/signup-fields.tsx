// Form pieces of the membership pages: a labelled text field, the country / region / compliance
// group (public §5: region only when the country has regions, the compliance box only when the
// country asks for it) and one demographic question (public §3 types; form key demo_{id}).
import { COUNTRIES, countryDisplayLabel, findCountry } from '../../engine/domain/countries';
import { demographicKey } from '../../engine/domain/members';
import { SUBSCRIBE_TEXTS } from '../../engine/domain/newsletter-subscribe';
import { autocomplete } from '../attrs';

/** Spread onto <form>: the islands validate with the spec's messages (React's server renderer would write noValidate in camelCase). */
export const NO_VALIDATE = { novalidate: '' } as object;

export function TextField({ name, label, type = 'text', value, onChange, error, autoComplete, required }: {
  name: string; label: string; type?: string; value: string; onChange: (v: string) => void; error?: string | undefined; autoComplete?: string; required?: boolean;
}) {
  const id = `member-${name}`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}{required && <span aria-hidden="true"> *</span>}</label>
      <input id={id} name={name} type={type} value={value} {...(autoComplete ? autocomplete(autoComplete) : {})} aria-required={required || undefined} onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error && <p id={`${id}-error`} className="field-error">{error}</p>}
    </div>
  );
}

export interface CountryValue { countryCode: string; region: string; compliance: boolean }

/** The consent object of a request (public §3): CASL for Canada, else GDPR, with country, region and compliance. */
export function consentOf(v: CountryValue): Record<string, unknown> | undefined {
  const c = findCountry(v.countryCode);
  if (!c) return undefined;
  const entry = { country: c.alpha3, region: v.region || null, compliance: v.compliance };
  return c.alpha3 === 'CAN' ? { CASL: entry } : { GDPR: entry };
}

/** Field errors of the country group ('Field is required'), keyed countryCode, region, consent. */
export function countryErrors(v: CountryValue, required: boolean, message: string): Record<string, string> {
  const e: Record<string, string> = {};
  const c = findCountry(v.countryCode);
  if (!c) { if (required) e.countryCode = message; return e; }
  if (c.regions && !v.region) e.region = message;
  if (c.compliance === 'required' && !v.compliance) e.consent = message;
  return e;
}

export function CountryFields({ value, onChange, errors, required }: {
  value: CountryValue; onChange: (v: CountryValue) => void; errors: Record<string, string | undefined>; required: boolean;
}) {
  const country = findCountry(value.countryCode);
  return (
    <>
      <div className="form-field">
        <label htmlFor="member-countryCode">{SUBSCRIBE_TEXTS.countryLabel}{required && <span aria-hidden="true"> *</span>}</label>
        <select id="member-countryCode" name="countryCode" value={country?.alpha3 ?? ''} {...autocomplete('country')}
          onChange={(e) => onChange({ countryCode: e.target.value, region: '', compliance: false })}
          aria-invalid={errors.countryCode ? true : undefined} aria-describedby={errors.countryCode ? 'member-countryCode-error' : undefined}>
          <option value="">{SUBSCRIBE_TEXTS.countryPlaceholder}</option>
          {COUNTRIES.map((c) => <option key={c.alpha3} value={c.alpha3}>{countryDisplayLabel(c)}</option>)}
        </select>
        {errors.countryCode && <p id="member-countryCode-error" className="field-error">{errors.countryCode}</p>}
      </div>
      {country?.regions && (
        <div className="form-field">
          <label htmlFor="member-region">{country.regions.label}</label>
          <select id="member-region" name="region" value={value.region} onChange={(e) => onChange({ ...value, region: e.target.value })}
            aria-invalid={errors.region ? true : undefined} aria-describedby={errors.region ? 'member-region-error' : undefined}>
            <option value="">{SUBSCRIBE_TEXTS.countryPlaceholder}</option>
            {country.regions.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
          {errors.region && <p id="member-region-error" className="field-error">{errors.region}</p>}
        </div>
      )}
      {country?.compliance && (
        <div className="form-field form-check">
          <input id="member-consent" type="checkbox" name="consent" checked={value.compliance} onChange={(e) => onChange({ ...value, compliance: e.target.checked })}
            aria-invalid={errors.consent ? true : undefined} aria-describedby={errors.consent ? 'member-consent-error' : undefined} />
          <label htmlFor="member-consent">{SUBSCRIBE_TEXTS.complianceText}</label>
          {errors.consent && <p id="member-consent-error" className="field-error">{errors.consent}</p>}
        </div>
      )}
    </>
  );
}

export interface DemographicQuestion {
  id: number;
  demographicType: number;
  description: string;
  omedaWebformText?: string | null;
  demographicValues: { id: number; description: string }[];
}

/** An answer in form state: chosen value ids (types 1, 2, 5) or a written value. */
export interface FormAnswer { answerIds: number[]; value: string }

export function DemographicField({ q, answer, onChange, error, required }: {
  q: DemographicQuestion; answer: FormAnswer; onChange: (a: FormAnswer) => void; error?: string | undefined; required: boolean;
}) {
  const key = demographicKey(q.id);
  const id = `member-${key}`;
  const label = q.omedaWebformText || q.description;
  const star = required && <span aria-hidden="true"> *</span>;
  const err = error && <p id={`${id}-error`} className="field-error">{error}</p>;
  const invalid = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined } as const;
  if (q.demographicType === 2 || q.demographicType === 5) {
    const toggle = (v: number, on: boolean) => onChange({ ...answer, answerIds: on ? [...answer.answerIds, v] : answer.answerIds.filter((x) => x !== v) });
    return (
      <fieldset className="form-field form-choices" {...invalid}>
        <legend>{label}{star}</legend>
        {q.demographicValues.map((v) => (
          <label key={v.id} className="form-check">
            <input type="checkbox" name={key} value={String(v.id)} checked={answer.answerIds.includes(v.id)} onChange={(e) => toggle(v.id, e.target.checked)} />
            {v.description}
          </label>
        ))}
        {err}
      </fieldset>
    );
  }
  if (q.demographicType === 1) {
    return (
      <div className="form-field">
        <label htmlFor={id}>{label}{star}</label>
        <select id={id} name={key} value={answer.answerIds[0] ? String(answer.answerIds[0]) : ''} onChange={(e) => onChange({ ...answer, answerIds: e.target.value ? [Number(e.target.value)] : [] })} {...invalid}>
          <option value="">{SUBSCRIBE_TEXTS.countryPlaceholder}</option>
          {q.demographicValues.map((v) => <option key={v.id} value={String(v.id)}>{v.description}</option>)}
        </select>
        {err}
      </div>
    );
  }
  const type = q.demographicType === 6 ? 'date' : q.demographicType === 7 || q.demographicType === 8 ? 'number' : 'text';
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}{star}</label>
      <input id={id} name={key} type={type} value={answer.value} onChange={(e) => onChange({ ...answer, value: e.target.value })} {...invalid} />
      {err}
    </div>
  );
}
