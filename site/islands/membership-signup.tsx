// /membership/signup/{alias} (public §2, §5, §8). Without ?id: the registration request (email,
// country, region, consent) that mails the link. With ?id (the mailed link, api/members/
// registration.ts): 'Please complete your registration' — password, the membership's required
// common fields and its required and additional demographic questions (form keys demo_{id}) →
// registerSiteUser, which signs the member in; then redirectTo. An unknown or inactive membership
// shows 'Memberships are not available at this time'.
import { useEffect, useState, type FormEvent } from 'react';
import { COMMON_USER_FIELDS, MEMBER_TEXTS, safeRedirectPath, validateDemographicAnswers, type CommonUserField } from '../../engine/domain/members';
import { siteApi } from '../client/api';
import { flush, track } from '../client/events';
import { goTo, rememberMember, type MemberInfo } from '../client/member-session';
import {
  consentOf, CountryFields, NO_VALIDATE, countryErrors, DemographicField, TextField, type CountryValue, type DemographicQuestion, type FormAnswer,
} from './signup-fields';
import { memberCaptcha } from './captcha';

export type MembershipSignupProps = { alias: string };

interface Membership {
  id: number; title: string; alias: string; description?: string | null; status: number; isFree: boolean;
  requiredUserCommonFields: string[]; requiredUserDemographicFields: number[]; additionalUserDemographicFields: number[];
}
interface Stub { email: string; membershipId: number; countryCode: string | null; region: string | null; redirectTo: string; message: string }

type Load =
  | { kind: 'loading' }
  | { kind: 'unavailable' }
  | { kind: 'failed'; message: string }
  | { kind: 'request'; m: Membership }
  | { kind: 'complete'; m: Membership; stub: Stub; id: string; questions: DemographicQuestion[] };

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const REQ = MEMBER_TEXTS.fieldRequired;

async function load(alias: string, id: string | null): Promise<Load> {
  let m: Membership;
  try {
    m = await siteApi().query<Membership>('getMembership', { alias });
  } catch {
    return { kind: 'unavailable' };
  }
  if (m.status !== 1) return { kind: 'unavailable' };
  if (!id) return { kind: 'request', m };
  let stub: Stub;
  try {
    stub = await siteApi().query<Stub>('getSiteUserStub', { id });
  } catch (e) {
    return { kind: 'failed', message: message(e) };
  }
  const ids = [...m.requiredUserDemographicFields, ...m.additionalUserDemographicFields];
  let questions: DemographicQuestion[] = [];
  if (ids.length) {
    try {
      const r = await siteApi().query<{ items: DemographicQuestion[] }>('getOmedaDemographicStream', { input: { demographicIds: ids, pagination: { limit: Math.min(100, ids.length) } } });
      questions = r.items;
    } catch (e) {
      return { kind: 'failed', message: MEMBER_TEXTS.demographicsFailed.replace('{message}', message(e)) };
    }
  }
  return { kind: 'complete', m, stub, id, questions };
}

export function MembershipSignup({ alias }: MembershipSignupProps) {
  const [state, setState] = useState<Load>({ kind: 'loading' });
  const [redirectTo, setRedirectTo] = useState('/');
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    setRedirectTo(safeRedirectPath(q.get('redirectTo')));
    let live = true;
    void load(alias, q.get('id')).then((s) => { if (live) setState(s); });
    return () => { live = false; };
  }, [alias]);

  switch (state.kind) {
    case 'loading': return <p className="member-loading" aria-busy="true">Loading the sign-up form…</p>;
    case 'unavailable': return <p className="member-notice">{MEMBER_TEXTS.noMemberships}</p>;
    case 'failed': return <p className="form-error" role="alert">{state.message}</p>;
    case 'request': return <RequestForm m={state.m} redirectTo={redirectTo} />;
    case 'complete': return <CompleteForm m={state.m} stub={state.stub} id={state.id} questions={state.questions} />;
  }
}

function RequestForm({ m, redirectTo }: { m: Membership; redirectTo: string }) {
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState<CountryValue>({ countryCode: '', region: '', compliance: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs = countryErrors(country, true, REQ);
    if (!email.trim()) errs.email = REQ;
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const r = await siteApi().mutation<{ message: string }>('requestRegisterSiteUser', {
        email: email.trim(), membershipId: m.id, countryCode: country.countryCode, region: country.region || null, consent: consentOf(country), path: redirectTo,
        ...(await memberCaptcha('siteUserRegister')),
      });
      track('Registration', { step: 'submit-registration', membershipId: m.id });
      setSent(r.message || MEMBER_TEXTS.registrationSent);
    } catch (err) {
      setFailure(message(err));
    } finally {
      setBusy(false);
    }
  }
  if (sent) return <p className="member-notice" role="status">{sent}</p>;
  return (
    <form className="member-form" onSubmit={submit} {...NO_VALIDATE}>
      <h2>{m.title}</h2>
      {m.description && <p className="member-aside">{m.description}</p>}
      {failure && <p className="form-error" role="alert">{failure}</p>}
      <TextField name="email" label="Email Address" type="email" value={email} onChange={setEmail} error={errors.email} autoComplete="email" required />
      <CountryFields value={country} onChange={setCountry} errors={errors} required />
      <button className="button" type="submit" disabled={busy}>Continue</button>
      <p className="member-aside">Already a member? <a href={`/account/login?redirectTo=${encodeURIComponent(redirectTo)}`}>Log in</a></p>
    </form>
  );
}

type Common = Record<Exclude<CommonUserField, 'countryCode' | 'region'>, string>;
const TEXT_FIELDS = ['firstName', 'lastName', 'title', 'company', 'city', 'postalCode'] as const;

function CompleteForm({ m, stub, id, questions }: { m: Membership; stub: Stub; id: string; questions: DemographicQuestion[] }) {
  const required = new Set(m.requiredUserCommonFields);
  const [password, setPassword] = useState('');
  const [common, setCommon] = useState<Common>({ firstName: '', lastName: '', title: '', company: '', city: '', postalCode: '' });
  const [country, setCountry] = useState<CountryValue>({ countryCode: stub.countryCode ?? '', region: stub.region ?? '', compliance: false });
  const [answers, setAnswers] = useState<Record<number, FormAnswer>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const answerOf = (qid: number): FormAnswer => answers[qid] ?? { answerIds: [], value: '' };
  // A field's message goes once the reader edits it; the next submit checks everything again.
  const clear = (key: string) => setErrors(({ [key]: _, ...rest }) => rest);
  const given = questions.map((q) => ({ questionId: q.id, answerIds: answerOf(q.id).answerIds, value: answerOf(q.id).value.trim() || undefined }))
    .filter((a) => a.answerIds.length > 0 || a.value);

  function validate(): Record<string, string> {
    const e: Record<string, string> = {};
    if (!password) e.password = REQ;
    for (const f of TEXT_FIELDS) if (required.has(f) && !common[f].trim()) e[f] = REQ;
    const needCountry = required.has('countryCode') || required.has('region') || Boolean(country.countryCode);
    if (needCountry) Object.assign(e, countryErrors(country, required.has('countryCode'), REQ));
    if (required.has('region') && !country.region) e.region = REQ;
    const views = questions.map((q) => ({ id: q.id, demographicType: q.demographicType, description: q.description, values: q.demographicValues }));
    return { ...e, ...validateDemographicAnswers(views, given, m.requiredUserDemographicFields) };
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errs = validate();
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    setFailure(null);
    const fields: Record<string, unknown> = {};
    for (const f of TEXT_FIELDS) if (common[f].trim()) fields[f] = common[f].trim();
    try {
      const r = await siteApi().mutation<{ userInfo: MemberInfo }>('registerSiteUser', {
        id, password, membershipId: m.id, ...fields,
        ...(country.countryCode ? { countryCode: country.countryCode, region: country.region || null, consent: consentOf(country) } : {}),
        demographics: given.map((a) => (a.value ? { questionId: a.questionId, answerIds: [], value: a.value } : { questionId: a.questionId, answerIds: a.answerIds })),
      });
      rememberMember(r.userInfo);
      track('Registration', { step: 'complete-registration', membershipId: m.id });
      flush();
      goTo(stub.redirectTo);
    } catch (err) {
      setFailure(message(err));
      setBusy(false);
    }
  }

  return (
    <form className="member-form" onSubmit={submit} {...NO_VALIDATE}>
      <h2>{stub.message}</h2>
      <p className="member-aside">{m.title} · {stub.email}</p>
      {failure && <p className="form-error" role="alert">{failure}</p>}
      <TextField name="password" label="Password" type="password" value={password} onChange={(v) => { setPassword(v); clear('password'); }} error={errors.password} autoComplete="new-password" required />
      {TEXT_FIELDS.filter((f) => required.has(f)).map((f) => (
        <TextField key={f} name={f} label={COMMON_USER_FIELDS[f]} value={common[f]} onChange={(v) => { setCommon({ ...common, [f]: v }); clear(f); }} error={errors[f]} required />
      ))}
      {(required.has('countryCode') || required.has('region')) && <CountryFields value={country} onChange={(v) => { setCountry(v); clear('countryCode'); clear('region'); clear('consent'); }} errors={errors} required={required.has('countryCode')} />}
      {questions.map((q) => (
        <DemographicField key={q.id} q={q} answer={answerOf(q.id)} onChange={(a) => { setAnswers({ ...answers, [q.id]: a }); clear(`demo_${q.id}`); }}
          error={errors[`demo_${q.id}`]} required={m.requiredUserDemographicFields.includes(q.id)} />
      ))}
      <button className="button" type="submit" disabled={busy}>Complete registration</button>
    </form>
  );
}
