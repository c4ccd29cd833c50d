// Every mutation of the API refuses the callers it must (issue 41, item 11). The list comes from the
// schema itself, so a new mutation is probed as soon as it exists: each runs anonymously (expects
// UNAUTHENTICATED), as signed-in staff of the tenant holding none of the manage permissions (the
// viewer role: expects FORBIDDEN), and, where it takes an id, as global staff in one tenant against
// the other tenant's row of that kind (expects NOT_FOUND or FORBIDDEN). Each refusal leaves every
// table's row count and the row named unchanged. Arguments are built from their types (a required
// input field gets a sample value); the few mutations that need more say so in ARGS. Mutations that
// are meant for anonymous callers or members, or open to any staff, are listed with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as g from '../../api/graphql';
import { buildSchema } from '../../api/schema';
import { insertSiteUser } from '../../engine/store/queries/members';
import { TEST_STORE_IS_PG } from '../helpers/pg';
import { setTenantSetting } from '../helpers/tenant-settings';
import { startApi, type GqlResponse, type Harness, type UserKey } from './api-harness';

const SCHEMA = buildSchema({ mode: 'development', documentsVersion: 'guards' });
const MUTATIONS = Object.values(SCHEMA.getMutationType()!.getFields());

/** Mutations anonymous callers may run, and why. */
const PUBLIC: Record<string, string> = {
  ping: 'a no-op that checks mutations are accepted',
  loginCmsUser: 'staff sign-in', refreshTokenCmsUser: 'spends a refresh token', logoutCmsUser: 'ends the presented session, if any',
  requestResetCMSUserPassword: 'staff reset request (same answer for every address)',
  resetCMSUserPassword: 'authorised by the reset link\'s hash', validateCMSUserInvite: 'authorised by the invite link\'s hash',
  submitInquiry: 'the public inquiry form (captcha, rate limit)',
  loginSiteUser: 'member sign-in', logoutSiteUser: 'ends the member session, if any',
  requestRegisterSiteUser: 'member registration request (captcha)', registerSiteUser: 'authorised by the registration link id',
  requestSiteUserPasswordReset: 'member reset request (captcha)', resetSiteUserPassword: 'authorised by the reset link id',
  updateSiteUserUsername: 'authorised by the change-username link id',
  subscribeAnonymousCustomer: 'the public subscribe pane (captcha)',
};
/** Reader tracking events are anonymous by design (api/events). */
const isEvent = (name: string) => /^setEvent[A-Z]/.test(name);

/** Mutations of a signed-in member (x-site-user): a staff bearer is no member, so staff get UNAUTHENTICATED too. */
const MEMBER: Record<string, string> = {
  updateSiteUserProfile: 'the member\'s own profile', requestSiteUserChangeUsername: 'the member\'s own username',
  updateSiteUserPassword: 'the member\'s own password', addSiteUserFavorite: 'the member\'s favourites',
  removeSiteUserFavorite: 'the member\'s favourites', subscribeSiteUserNewsletter: 'the member\'s newsletters',
  unsubscribeSiteUserNewsletter: 'the member\'s newsletters',
};

/** Mutations a viewer (signed in, no manage permission) may run, and why. */
const ANY_STAFF: Record<string, string> = {
  changeOwnCmsUserPassword: 'the caller\'s own password', updateOwnCmsUserProfile: 'the caller\'s own name',
  markAspireNewsRead: 'internal news is read by every staff user',
  createThemeTestLink: 'view_site_layouts (a viewer permission) opens the theme test page',
  startPageSpeedRun: 'view_common_reports (a viewer permission) runs page speed',
  createStaffSiteLink: 'the staff toolbar pass, for any staff of the tenant',
};

/** Rows reached by id: the kind a mutation's name names (longest first), and its table. */
const ENTITIES: [string, string][] = [
  ['MagazinePublication', 'magazine_publications'], ['MagazineIssue', 'magazine_issues'], ['MagazineSection', 'magazine_sections'],
  ['NewsletterItem', 'newsletters'], ['NewsletterTemplate', 'newsletter_templates'], ['NewsletterCampaign', 'newsletter_campaigns'],
  ['NewsletterTest', 'newsletter_campaigns'], ['NewsletterAd', 'newsletter_ads'], ['WebsiteSection', 'website_sections'],
  ['AdUnitPattern', 'ad_unit_patterns'], ['AdUnit', 'ad_units'], ['HouseAd', 'house_ads'], ['SiteLicenseCompany', 'site_license_companies'],
  ['DemographicQuestion', 'demographic_questions'], ['Membership', 'memberships'], ['CompanyUpdate', 'company_updates'],
  ['Contract', 'contracts'], ['ResearchSearch', 'research_saved_searches'], ['TaxonomyTerm', 'taxonomy'], ['Person', 'persons'],
  ['Asset', 'assets'], ['Layout', 'layouts'], ['Redirect', 'redirects'], ['SyndicatedContent', 'content'], ['Content', 'content'],
  ['CmsUser', 'cms_users'], ['SiteUser', 'site_users'], ['AspireNews', 'aspire_news'],
];
/** Id-taking mutations whose rows belong to no tenant, and why. */
const NOT_TENANT_ROWS: Record<string, string> = {
  markAspireNewsRead: 'internal news is global', deleteAspireNews: 'internal news is global (global staff only)',
};

/** Arguments beyond the generic ones, so the refusal comes from the id and not from the other input. */
const ARGS: Record<string, (t: Ids) => Record<string, unknown>> = {
  updateContract: () => ({ input: contractInput('Probe Writer') }),
  reviewCompanyUpdate: () => ({ input: { accept: [], message: 'Thanks' } }),
  // The upload is decoded before the access check (api/assets/resolvers.ts): valid base64, so the refusal is the access one.
  createAsset: () => ({ input: { dataBase64: 'iVBORw0KGgo=' } }),
};

type Ids = Record<string, number>;
const contractInput = (name: string) => ({ contributorName: name, contributorEmail: 'probe@example.com', rate: '$1', template: '<p>{{name}}</p>' });

let h: Harness;
const ids: Record<'alpha' | 'beta', Ids> = { alpha: {}, beta: {} };

/** A value of an input type: required input fields filled, optional ones left out. */
function sample(type: g.GraphQLInputType): unknown {
  if (g.isNonNullType(type)) return sample(type.ofType);
  if (g.isListType(type)) return [];
  if (g.isEnumType(type)) return type.getValues()[0]!.value;
  if (g.isInputObjectType(type)) {
    return Object.fromEntries(Object.values(type.getFields())
      .filter((f) => g.isNonNullType(f.type) && f.defaultValue === undefined).map((f) => [f.name, sample(f.type)]));
  }
  return ({ Int: 1, Float: 1, Boolean: false, JSON: {}, DateTime: '2026-01-01T00:00:00.000Z' } as Record<string, unknown>)[type.name] ?? 'probe';
}

type Field = (typeof MUTATIONS)[number];
const isIdArg = (a: Field['args'][number]) => g.getNamedType(a.type).name === 'Int' && (a.name === 'id' || /Id$/.test(a.name));
const idArgs = (f: Field) => f.args.filter(isIdArg).map((a) => a.name);
const entityOf = (f: Field) => ENTITIES.find(([name]) => f.name.includes(name));

function documentOf(f: Field): string {
  const vars = f.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = f.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const sel = g.isCompositeType(g.getNamedType(f.type)) ? ' { __typename }' : '';
  return `mutation Probe${vars ? `(${vars})` : ''} { ${f.name}${args ? `(${args})` : ''}${sel} }`;
}

/** Generic arguments, the id arguments pointing at `tenant`'s row of the mutation's kind. */
function argsOf(f: Field, tenant: 'alpha' | 'beta'): Record<string, unknown> {
  const out: Record<string, unknown> = Object.fromEntries(f.args.map((a) => [a.name, sample(a.type)]));
  const entity = entityOf(f);
  for (const name of idArgs(f)) if (entity) out[name] = ids[tenant][entity[0]];
  return { ...out, ...(ARGS[f.name]?.(ids[tenant]) ?? {}) };
}

async function tables(): Promise<string[]> {
  const rows = TEST_STORE_IS_PG
    ? await h.store.all<{ name: string }>("select tablename as name from pg_tables where schemaname = current_schema()")
    : await h.store.all<{ name: string }>("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'");
  return rows.map((r) => r.name).filter((n) => !n.startsWith('__')).sort();
}
let TABLES: string[] = [];

/** Every table's row count, and the row the call names (if any): what a refused call must leave as it was. */
async function fingerprint(entity: [string, string] | undefined, id: unknown): Promise<unknown> {
  const counts: Record<string, number> = {};
  for (const t of TABLES) counts[t] = Number((await h.store.all<{ n: number }>(`select count(*) as n from ${t}`))[0]!.n);
  const row = entity && typeof id === 'number' ? await h.store.all(`select * from ${entity[1]} where id = ?`, [id]) : [];
  return { counts, row };
}

async function probe(f: Field, tenant: 'alpha' | 'beta', as: UserKey | undefined, run: 'alpha' | 'beta' = 'alpha'): Promise<{ r: GqlResponse; same: boolean }> {
  const variables = argsOf(f, tenant);
  const entity = entityOf(f);
  const before = await fingerprint(entity, variables[idArgs(f)[0] ?? '']);
  const r = await h.gql(documentOf(f), variables, { as, tenant: run });
  const after = await fingerprint(entity, variables[idArgs(f)[0] ?? '']);
  return { r, same: JSON.stringify(before) === JSON.stringify(after) };
}

const codeOf = (r: GqlResponse) => r.error?.extensions.code as string | undefined;

async function ok(name: string, variables: Record<string, unknown>, tenant: string): Promise<void> {
  const f = MUTATIONS.find((m) => m.name === name)!;
  const r = await h.gql(documentOf(f), variables, { as: 'admin', tenant });
  if (r.error) throw new Error(`set-up ${name} in ${tenant}: ${r.error.message}`);
}
/** How a table's rows name their tenant, where not by tenant_key. */
const TENANT_OF: Record<string, string> = { magazine_issues: 'publication_id in (select id from magazine_publications where tenant_key = ?)' };
async function lastId(table: string, tenant: string | null): Promise<number> {
  const where = tenant ? ` where ${TENANT_OF[table] ?? 'tenant_key = ?'}` : '';
  const [row] = await h.store.all<{ id: number }>(`select max(id) as id from ${table}${where}`, tenant ? [tenant] : []);
  return Number(row!.id);
}

/** One row of every kind in each tenant, made the way staff make them. */
async function seedRows(t: 'alpha' | 'beta'): Promise<void> {
  await ok('createAdUnitPattern', { input: { name: 'Probe', pattern: '/1/{section}', sizes: [[728, 90]] } }, t);
  await ok('createAdUnit', { input: { key: 'probe', type: 'layout-block', size: [[300, 250]] } }, t);
  await ok('createHouseAd', { input: { name: 'Probe', kind: 'native', native: { nativeTitle: 'T', nativeSummary: 'S', nativeUrl: 'https://sponsor.example/r', nativeImagePath: `/images/${t}/ship.svg` } } }, t);
  await ok('createDemographicQuestion', { input: { demographicType: 1, description: 'Industry', values: [{ description: 'Shipper' }] } }, t);
  await ok('createSiteLicenseCompany', { input: { name: 'Probe Co', ranges: ['203.0.113.0/24'] } }, t);
  await ok('createNewsletterTemplate', { input: { name: 'Probe', status: 1, footer: { subscriptions: { unsubscribeLink: '/unsubscribe' } } } }, t);
  const template = await lastId('newsletter_templates', t);
  await ok('createNewsletterCampaign', { input: { templateId: template, name: 'Probe', grid: { rows: [] } } }, t);
  await ok('createNewsletterAd', { input: {
    title: 'Probe', company: { name: 'Acme' }, companySource: 'new', placement: 'leaderboard-600x100', url: 'https://ads.example/p',
    image: `/images/${t}/ship.svg`, priority: 5, schedules: [{ newsletterTemplateId: template, startDate: '2026-10-01', endDate: '2026-10-19', position: 1 }],
  } }, t);
  await ok('createContract', { input: contractInput('Probe Writer') }, t);
  await ok('createContent', { input: { type: 'Company', name: 'Probe Cranes', status: 1, primarySectionId: t === 'alpha' ? 103 : 203 } }, t);
  await ok('createCompanyUpdate', { input: { contentId: await lastId('content', t), contactName: 'Casey', contactEmail: 'casey@example.com' } }, t);
  await ok('createMagazinePublication', { input: { name: 'Probe Monthly' } }, t);
  const publication = await lastId('magazine_publications', t);
  await ok('createMagazineIssue', { input: { publicationId: publication, name: 'Probe issue', issueDate: '2026-03-01T12:00:00Z' } }, t);
  await ok('createMagazineSection', { input: { publicationId: publication, name: 'Probe section', position: 0 } }, t);
  await ok('saveResearchSearch', { name: 'Probe', query: { text: 'lane' } }, t);
  await insertSiteUser(h.store.db, { tenantKey: t, username: `member@${t}.example`, email: `member@${t}.example`, passwordHash: '!', firstName: 'M', lastName: 'Ember', demographics: [] });
  for (const [name, table] of ENTITIES) {
    if (table === 'cms_users' || table === 'aspire_news') continue;
    ids[t][name] = await lastId(table, t);
  }
  // Staff accounts have no tenant row: the probe of another tenant's user is a site manager's reach for beta's editor.
  ids[t].CmsUser = t === 'alpha' ? 4 : 5;
  ids[t].AspireNews = await lastId('aspire_news', null);
}

beforeAll(async () => {
  h = await startApi();
  // Before the first request, so the app's tenant cache reads them.
  for (const t of ['alpha', 'beta']) await setTenantSetting(h.store, t, 'modules', { companyUpdates: true });
  await ok('setAspireNews', { news: { title: 'Probe news', description: '<p>News</p>', date: '2026-01-01T00:00:00.000Z', status: 1 } }, 'alpha');
  await seedRows('alpha');
  await seedRows('beta');
  TABLES = await tables();
  // Each caller's session is opened now (the harness keeps its token), not inside a fingerprinted call.
  for (const u of ['alphaViewer', 'admin', 'alphaManager'] as const) await h.gql('mutation { ping { ok } }', {}, { as: u });
}, 60_000);
afterAll(async () => { await h?.close(); });

const guarded = MUTATIONS.filter((f) => !PUBLIC[f.name] && !isEvent(f.name));
const staffOnly = guarded.filter((f) => !MEMBER[f.name]);

describe('every mutation of the schema', () => {
  it('is probed: public, member and any-staff exceptions name mutations that exist, and every id-taking mutation names its kind of row', () => {
    const names = new Set(MUTATIONS.map((f) => f.name));
    for (const list of [PUBLIC, MEMBER, ANY_STAFF, NOT_TENANT_ROWS, ARGS]) {
      expect(Object.keys(list).filter((n) => !names.has(n))).toEqual([]);
    }
    const unplaced = staffOnly.filter((f) => idArgs(f).length > 0 && !entityOf(f)).map((f) => f.name);
    expect(unplaced, 'add the kind of row these mutations take to ENTITIES').toEqual([]);
    expect(guarded.length).toBeGreaterThan(100);
  });

  it.each(guarded.map((f) => [f.name, f] as const))('%s refuses an anonymous caller, changing nothing', async (_n, f) => {
    const { r, same } = await probe(f, 'alpha', undefined);
    expect(codeOf(r), r.error?.message).toBe('UNAUTHENTICATED');
    expect(same).toBe(true);
  });

  it.each(guarded.filter((f) => !ANY_STAFF[f.name]).map((f) => [f.name, f] as const))('%s refuses staff without its permission, changing nothing', async (_n, f) => {
    const { r, same } = await probe(f, 'alpha', 'alphaViewer');
    expect(codeOf(r), r.error?.message).toBe(MEMBER[f.name] ? 'UNAUTHENTICATED' : 'FORBIDDEN');
    expect(same).toBe(true);
  });

  const byId = staffOnly.filter((f) => idArgs(f).length > 0 && !NOT_TENANT_ROWS[f.name]);
  it.each(byId.map((f) => [f.name, f] as const))('%s refuses another tenant\'s id, changing nothing', async (_n, f) => {
    const as: UserKey = f.name === 'updateCmsUser' ? 'alphaManager' : 'admin';
    const { r, same } = await probe(f, 'beta', as, 'alpha');
    const code = codeOf(r);
    const namesTheId = code === 'BAD_USER_INPUT' && idArgs(f).includes(String(r.error?.extensions.field));
    expect(code === 'NOT_FOUND' || code === 'FORBIDDEN' || namesTheId, `${code}: ${r.error?.message}`).toBe(true);
    expect(same).toBe(true);
  });
});
