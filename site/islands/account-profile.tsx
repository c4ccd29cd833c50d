// #update-profile: the member's names, title, company, city, postal code and country/region.
// updateSiteUserProfile changes only the non-empty fields it is sent (public §5), so blank fields
// are left out of the request.
import { useState, type FormEvent } from 'react';
import { COMMON_USER_FIELDS } from '../../engine/domain/members';
import { siteApi } from '../client/api';
import type { MemberInfo } from '../client/member-session';
import { CountryFields, NO_VALIDATE, TextField, type CountryValue } from './signup-fields';

export const PROFILE_TEXTS = { saved: 'Your profile has been updated.' } as const;

const FIELDS = ['firstName', 'lastName', 'title', 'company', 'city', 'postalCode'] as const;
type Fields = Record<(typeof FIELDS)[number], string>;

/** The profile input: only the fields with a value (public §5). */
export function profileInput(f: Fields, country: CountryValue): Record<string, string> {
  const input: Record<string, string> = {};
  for (const k of FIELDS) if (f[k].trim()) input[k] = f[k].trim();
  if (country.countryCode) input.countryCode = country.countryCode;
  if (country.region) input.region = country.region;
  return input;
}

export function AccountProfile({ user, onSaved }: { user: MemberInfo; onSaved: (u: MemberInfo) => void }) {
  const [f, setF] = useState<Fields>(() => Object.fromEntries(FIELDS.map((k) => [k, user[k] ?? ''])) as Fields);
  const [country, setCountry] = useState<CountryValue>({ countryCode: user.countryCode ?? '', region: user.region ?? '', compliance: false });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const u = await siteApi().mutation<MemberInfo>('updateSiteUserProfile', { input: profileInput(f, country) });
      onSaved(u);
      setMessage({ ok: true, text: PROFILE_TEXTS.saved });
    } catch (err) {
      setMessage({ ok: false, text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="member-form member-form-wide" onSubmit={submit} {...NO_VALIDATE}>
      <p className="member-aside">Signed in as {user.username}</p>
      {message && <p className={message.ok ? 'member-notice' : 'form-error'} role={message.ok ? 'status' : 'alert'}>{message.text}</p>}
      <div className="form-grid">
        {FIELDS.map((k) => <TextField key={k} name={k} label={COMMON_USER_FIELDS[k]} value={f[k]} onChange={(v) => setF({ ...f, [k]: v })} />)}
      </div>
      <CountryFields value={country} onChange={setCountry} errors={{}} required={false} />
      <button className="button" type="submit" disabled={busy}>Save profile</button>
    </form>
  );
}
