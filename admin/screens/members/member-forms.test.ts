import { describe, expect, it } from 'vitest';
import { permissionsFor } from '../../../engine/domain/permissions';
import { visibleGroups, visibleTools } from '../../shell/nav';
import { resolveRoute } from '../../routes';
import type { SiteUser } from '../../data/types';
import {
  companyToForm, emptyCompany, emptyMembership, formPath, membershipToForm, normalisedRange, orderedCommonFields, siteUserName,
  siteUserToForm, toCompanyWrite, toMembershipWrite, toSiteUserWrite, validateCompany, validateMembership, validateSiteUser, withTitle,
  RANGE_MESSAGE, serverFieldError,
} from './member-forms';

describe('membership form', () => {
  it("needs a title and an alias: blank text fails with 'Field is required'", () => {
    expect(validateMembership({ ...emptyMembership(), title: '   ' })).toMatchObject({ title: 'Field is required', alias: 'Field is required' });
    expect(validateMembership(withTitle(emptyMembership(), 'Pro Access'))).toEqual({});
  });
  it('refuses an alias that is not lower-case words joined by hyphens (the shared schema message)', () => {
    const f = { ...withTitle(emptyMembership(), 'Pro'), alias: 'Pro Access', aliasEdited: true };
    expect(validateMembership(f).alias).toBe('Must be lower-case words joined by hyphens');
  });
  it('derives the alias from the title until the alias is edited by hand', () => {
    const f = withTitle(emptyMembership(), 'Insider Plus & More');
    expect(f.alias).toBe('insider-plus-and-more');
    const edited = withTitle({ ...f, alias: 'plus', aliasEdited: true }, 'Renamed');
    expect(edited.alias).toBe('plus');
    expect(withTitle(membershipToForm({ ...sample(), alias: 'pro' }), 'Other').alias).toBe('pro');
  });
  it('writes the status, the free flag, common fields in spec order and a question as required or additional, never both', () => {
    const f = {
      ...withTitle(emptyMembership(), ' Pro '), status: '0' as const, isFree: false, omedaProduct: '  ',
      requiredUserCommonFields: ['countryCode', 'firstName', 'bogus'], requiredUserDemographicFields: [7], additionalUserDemographicFields: [7, 8],
    };
    expect(toMembershipWrite(f)).toEqual({
      title: 'Pro', alias: 'pro', description: '', status: 0, isFree: false, omedaProduct: null,
      requiredUserCommonFields: ['firstName', 'countryCode'], requiredUserDemographicFields: [7], additionalUserDemographicFields: [8],
    });
    expect(orderedCommonFields(['region', 'lastName'])).toEqual(['lastName', 'region']);
  });
  it('round-trips a stored membership', () => {
    const { id: _id, ...stored } = sample();
    expect(toMembershipWrite(membershipToForm(sample()))).toEqual(stored);
  });
});

describe('site user form', () => {
  const user: SiteUser = {
    id: 9, username: 'ann@example.com', email: 'ann@example.com', firstName: 'Ann', lastName: null, title: null, company: 'Acme', city: null,
    postalCode: null, region: null, countryCode: 'USA', status: 1, memberships: [5102, 5101], newsletters: [], created: '2026-01-01T00:00:00Z', updated: '2026-01-01T00:00:00Z',
  };
  it("requires the e-mail and username ('Field is required') and checks their shape", () => {
    const f = siteUserToForm(user);
    expect(validateSiteUser(f)).toEqual({});
    expect(validateSiteUser({ ...f, email: ' ', username: '' })).toEqual({ email: 'Field is required', username: 'Field is required' });
    expect(validateSiteUser({ ...f, email: 'not-an-address' }).email).toBe('Must be an e-mail address');
    expect(validateSiteUser({ ...f, username: 'a b' }).username).toBe('Must be 3–254 letters, digits or . _ @ + -');
    expect(validateSiteUser({ ...f, firstName: 'x'.repeat(121) }).firstName).toBe('At most 120 characters');
  });
  it('sends only what changed; memberships replace the held set whatever their order', () => {
    const f = siteUserToForm(user);
    expect(toSiteUserWrite(f, user)).toEqual({});
    expect(toSiteUserWrite({ ...f, membershipIds: [5101, 5102] }, user)).toEqual({});
    expect(toSiteUserWrite({ ...f, lastName: ' Berg ', status: '0', membershipIds: [5101] }, user)).toEqual({ lastName: 'Berg', status: 0, membershipIds: [5101] });
    expect(toSiteUserWrite({ ...f, email: 'ANN@example.com' }, user)).toEqual({});
    expect(toSiteUserWrite({ ...f, email: 'new@example.com' }, user)).toEqual({ email: 'new@example.com' });
  });
  it('names a member by first and last name, else the username', () => {
    expect(siteUserName(user)).toBe('Ann');
    expect(siteUserName({ ...user, firstName: ' ', lastName: null })).toBe('ann@example.com');
  });
});

describe('site-license company form', () => {
  it("needs a name; each bad range gets its own field error with the API's message; blank rows are ignored", () => {
    expect(validateCompany(emptyCompany())).toEqual({ name: 'Field is required' });
    const errors = validateCompany({ name: 'Acme', status: '1', ranges: ['203.0.113.0/24', '', '10.0.0.0/33', '2001:db8::/32', 'example.com'] });
    expect(errors).toEqual({ 'ranges.2': RANGE_MESSAGE, 'ranges.4': RANGE_MESSAGE });
  });
  it('flags a range that repeats another after normalisation', () => {
    expect(validateCompany({ name: 'Acme', status: '1', ranges: ['203.0.113.0/24', '203.0.113.9/24'] })).toEqual({ 'ranges.1': 'Same range as row 1 (203.0.113.0/24)' });
  });
  it('shows how a range is stored and writes trimmed, non-blank rows', () => {
    expect(normalisedRange(' 203.0.113.7/24 ')).toBe('203.0.113.0/24');
    expect(normalisedRange('nope')).toBeNull();
    expect(toCompanyWrite({ name: ' Acme ', status: '0', ranges: [' 198.51.100.7 ', ''] })).toEqual({ name: 'Acme', status: 0, ranges: ['198.51.100.7'] });
    expect(companyToForm({ id: 1, name: 'A', status: 1, ranges: [], created: '', updated: '' }).ranges).toEqual(['']);
  });
  it("maps the API's field names to form paths", () => {
    expect(formPath('input.ranges[2]')).toBe('ranges.2');
    expect(formPath('input.alias')).toBe('alias');
    expect(formPath(null)).toBeNull();
  });
  it('reads a refusal the API tied to a field as a form path and its bare message', () => {
    const refusal = Object.assign(new Error('input.ranges[1]: Must be an IP address'), { field: 'input.ranges[1]' });
    expect(serverFieldError(refusal)).toEqual({ path: 'ranges.1', message: 'Must be an IP address' });
    expect(serverFieldError(Object.assign(new Error('Network error'), { field: null }))).toBeNull();
    expect(serverFieldError('nope')).toBeNull();
  });
});

describe('member screens: routes and menu', () => {
  it('the spec routes resolve, each guarded by its permission', () => {
    const perms = (p: string) => resolveRoute(p)?.route.permissions;
    expect(perms('/memberships')).toEqual(['manage_memberships']);
    expect(perms('/create-membership')).toEqual(['manage_memberships']);
    expect(perms('/site-users')).toEqual(['manage_site_users']);
    expect(perms('/ip-gating-settings')).toEqual(['manage_ip_gating']);
    expect(perms('/create-ip-gating')).toEqual(['manage_ip_gating']);
  });
  it('each menu entry needs its own permission; an editor sees none of them', () => {
    // A site with memberships on and IP gating allowed (the menu conditions are admin/shell/nav.test.ts's).
    const members = (held: Parameters<typeof visibleGroups>[0]) => visibleGroups(held, { modules: ['memberships', 'ip-gating'] }).find((g) => g.label === 'Members')?.links.map((l) => l.label) ?? [];
    expect(members(permissionsFor('site_admin'))).toEqual(['Memberships', 'Site users', 'IP gating']);
    expect(members(['manage_site_users'])).toEqual(['Site users']);
    // The one-off CSV import is on the Tools page (issue 35).
    expect(visibleTools(['manage_site_users']).map((t) => t.label)).toEqual(['Migrate site users']);
    expect(members(permissionsFor('editor'))).toEqual([]);
  });
});

function sample() {
  return {
    id: 5, title: 'Pro', alias: 'pro', description: 'Paid', status: 1, isFree: false, omedaProduct: 'P1',
    requiredUserCommonFields: ['firstName', 'company'], requiredUserDemographicFields: [3], additionalUserDemographicFields: [4],
  };
}
