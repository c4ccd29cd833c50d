// Pure form models of the member screens: memberships (admin §3.6), site users (staff edit through
// updateSiteUserProfileAdmin) and site-license companies with IP ranges. Memberships check with the
// shared membershipSchema and IP ranges with engine/domain/ip-range, so the messages match the API;
// blank required text fails with 'Field is required' (admin §5).
import { parseCidr } from '../../../engine/domain/ip-range';
import { COMMON_USER_FIELD_NAMES, hasControlChars } from '../../../engine/domain/members';
import { slugify } from '../../../engine/domain/paths';
import { membershipSchema } from '../../../engine/domain/records';
import { issuesToErrors, REQUIRED, type FieldErrors } from '../../lib/validation';
import type { Membership, SiteLicenseCompany, SiteUser } from '../../data/types';
import type { MembershipWrite, SiteLicenseCompanyWrite, SiteUserAdminWrite } from '../../data/api';

// ---- Memberships ----

export interface MembershipForm {
  title: string;
  alias: string;
  /** True once the alias was typed by hand; until then it follows the title. */
  aliasEdited: boolean;
  description: string;
  status: '0' | '1';
  isFree: boolean;
  omedaProduct: string;
  requiredUserCommonFields: string[];
  requiredUserDemographicFields: number[];
  additionalUserDemographicFields: number[];
}

export function emptyMembership(): MembershipForm {
  return {
    title: '', alias: '', aliasEdited: false, description: '', status: '1', isFree: true, omedaProduct: '',
    requiredUserCommonFields: [], requiredUserDemographicFields: [], additionalUserDemographicFields: [],
  };
}

export function membershipToForm(m: Membership): MembershipForm {
  return {
    title: m.title, alias: m.alias, aliasEdited: true, description: m.description ?? '', status: m.status === 1 ? '1' : '0', isFree: m.isFree,
    omedaProduct: m.omedaProduct ?? '', requiredUserCommonFields: [...m.requiredUserCommonFields],
    requiredUserDemographicFields: [...m.requiredUserDemographicFields], additionalUserDemographicFields: [...m.additionalUserDemographicFields],
  };
}

/** The title changed: the alias follows it until edited by hand. */
export function withTitle(f: MembershipForm, title: string): MembershipForm {
  return { ...f, title, alias: f.aliasEdited ? f.alias : (title.trim() ? slugify(title) : '') };
}

/** Common fields in the spec's order, whatever order they were ticked in; unknown names dropped. */
export function orderedCommonFields(fields: readonly string[]): string[] {
  return COMMON_USER_FIELD_NAMES.filter((n) => fields.includes(n));
}

export function toMembershipWrite(f: MembershipForm): MembershipWrite {
  const required = new Set(f.requiredUserDemographicFields);
  return {
    title: f.title.trim(),
    alias: f.alias.trim(),
    description: f.description.trim(),
    status: Number(f.status),
    isFree: f.isFree,
    omedaProduct: f.omedaProduct.trim() || null,
    requiredUserCommonFields: orderedCommonFields(f.requiredUserCommonFields),
    requiredUserDemographicFields: [...required],
    // A question is either required or additional, never both.
    additionalUserDemographicFields: f.additionalUserDemographicFields.filter((id) => !required.has(id)),
  };
}

export function validateMembership(f: MembershipForm): FieldErrors {
  const w = toMembershipWrite(f);
  const r = membershipSchema.safeParse({ ...w, id: 1, omedaProduct: w.omedaProduct ?? undefined });
  const errors = r.success ? {} : issuesToErrors(r.error.issues);
  if (!w.alias) errors.alias = REQUIRED;
  return errors;
}

// ---- Site users ----

export interface SiteUserForm {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  status: '0' | '1';
  membershipIds: number[];
}

export function siteUserToForm(u: SiteUser): SiteUserForm {
  return {
    firstName: u.firstName ?? '', lastName: u.lastName ?? '', email: u.email, username: u.username,
    status: u.status === 1 ? '1' : '0', membershipIds: [...u.memberships],
  };
}

/** The e-mail rule of the API's member inputs. */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
/** The username rule of updateSiteUserProfileAdmin (after lower-casing). */
const USERNAME = /^[a-z0-9._@+-]{3,254}$/;

function nameError(v: string): string | null {
  if (v.trim().length > 120) return 'At most 120 characters';
  if (hasControlChars(v)) return 'Must not contain control characters';
  return null;
}

export function validateSiteUser(f: SiteUserForm): FieldErrors {
  const errors: FieldErrors = {};
  for (const k of ['firstName', 'lastName'] as const) {
    const e = nameError(f[k]);
    if (e) errors[k] = e;
  }
  const email = f.email.trim();
  if (!email) errors.email = REQUIRED;
  else if (email.length > 254) errors.email = 'At most 254 characters';
  else if (!EMAIL.test(email)) errors.email = 'Must be an e-mail address';
  const username = f.username.trim().toLowerCase();
  if (!username) errors.username = REQUIRED;
  else if (!USERNAME.test(username)) errors.username = 'Must be 3–254 letters, digits or . _ @ + -';
  return errors;
}

/** Only what changed is sent ("only the fields given change"); memberships replace the held set. */
export function toSiteUserWrite(f: SiteUserForm, before: SiteUser): SiteUserAdminWrite {
  const out: SiteUserAdminWrite = {};
  const text = (v: string) => v.trim();
  if (text(f.firstName) !== (before.firstName ?? '')) out.firstName = text(f.firstName);
  if (text(f.lastName) !== (before.lastName ?? '')) out.lastName = text(f.lastName);
  if (text(f.email).toLowerCase() !== before.email) out.email = text(f.email);
  if (text(f.username).toLowerCase() !== before.username) out.username = text(f.username);
  if (Number(f.status) !== before.status) out.status = f.status === '1' ? 1 : 0;
  const held = [...before.memberships].sort((a, b) => a - b).join(',');
  const next = [...new Set(f.membershipIds)].sort((a, b) => a - b);
  if (next.join(',') !== held) out.membershipIds = next;
  return out;
}

/** "First Last", else the username. */
export function siteUserName(u: Pick<SiteUser, 'firstName' | 'lastName' | 'username'>): string {
  return [u.firstName, u.lastName].filter((x) => x && x.trim()).join(' ') || u.username;
}

// ---- Site-license companies (IP gating settings) ----

export interface CompanyForm {
  name: string;
  status: '0' | '1';
  ranges: string[];
}

export function emptyCompany(): CompanyForm {
  return { name: '', status: '1', ranges: [''] };
}

export function companyToForm(c: SiteLicenseCompany): CompanyForm {
  return { name: c.name, status: c.status === 1 ? '1' : '0', ranges: c.ranges.length ? [...c.ranges] : [''] };
}

export const RANGE_MESSAGE = 'Must be an IP address or a CIDR range like 203.0.113.0/24 or 2001:db8::/32';
export const MAX_RANGES = 500;

/** Errors keyed name, ranges (the list) and ranges.<i> (one row). Blank rows are ignored. */
export function validateCompany(f: CompanyForm): FieldErrors {
  const errors: FieldErrors = {};
  const name = f.name.trim();
  if (!name) errors.name = REQUIRED;
  else if (name.length > 200) errors.name = 'At most 200 characters';
  const seen = new Map<string, number>();
  f.ranges.forEach((raw, i) => {
    const v = raw.trim();
    if (!v) return;
    const r = v.length > 64 ? null : parseCidr(v);
    if (!r) {
      errors[`ranges.${i}`] = RANGE_MESSAGE;
      return;
    }
    const first = seen.get(r.cidr);
    if (first !== undefined) errors[`ranges.${i}`] = `Same range as row ${first + 1} (${r.cidr})`;
    else seen.set(r.cidr, i);
  });
  if (f.ranges.filter((v) => v.trim()).length > MAX_RANGES) errors.ranges = `At most ${MAX_RANGES} ranges`;
  return errors;
}

/** The normalised form of a valid range ("203.0.113.7/24" → "203.0.113.0/24"), else null. */
export function normalisedRange(value: string): string | null {
  return parseCidr(value.trim())?.cidr ?? null;
}

export function toCompanyWrite(f: CompanyForm): SiteLicenseCompanyWrite {
  return { name: f.name.trim(), status: f.status === '1' ? 1 : 0, ranges: f.ranges.map((v) => v.trim()).filter(Boolean) };
}

/** An API field ("input.ranges[2]", "input.alias") as a form path ("ranges.2", "alias"). */
export function formPath(apiField: string | null | undefined): string | null {
  if (!apiField) return null;
  return apiField.replace(/^input\./, '').replace(/\[(\d+)\]/g, '.$1');
}

/** The API's message without the "input.alias: " prefix its error text carries. */
export function fieldMessage(apiField: string | null | undefined, message: string): string {
  return apiField && message.startsWith(`${apiField}: `) ? message.slice(apiField.length + 2) : message;
}

/**
 * A refusal the API tied to a field (BAD_USER_INPUT names it, e.g. "input.ranges[2]"), as a form
 * path and the message to show under that field; null for any other failure.
 */
export function serverFieldError(e: unknown): { path: string; message: string } | null {
  if (!(e instanceof Error)) return null;
  const field = (e as Error & { field?: unknown }).field;
  const path = typeof field === 'string' ? formPath(field) : null;
  return path ? { path, message: fieldMessage(field as string, e.message) } : null;
}
