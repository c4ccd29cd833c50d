// Shared set-up of the API integration tests: a seeded database with two tenants (alpha, beta),
// staff users of every kind sharing one password (hashed once), and helpers that sign requests.
import { hashPassword } from '../../engine/auth/passwords';
import { openStore, type Store } from '../../engine/store/connection';
import { seedFixtures } from '../../engine/fixtures/seed';
import { insertCmsUser } from '../../engine/store/queries/cms-users';
import { issueTokens } from '../../engine/services/auth/sessions';
import { buildApp, type BuildAppOptions } from '../../api/app';
import type { ChangeEvent, StaffMessage } from '../../engine/services/kernel/services';
import { tempDbPath, tenantFixture, writeFixtureSet } from '../helpers/fixture-set';
import { appRoleUrlSync, TEST_PG_AS_APP_ROLE } from '../helpers/pg';

export const PASSWORD = 'correct horse battery staple';

const base = { extraPermissions: [] as string[], status: 1, isGlobal: false, tenants: [] as string[] };
export const USERS = {
  admin: { ...base, id: 1, username: 'ops', email: 'ops@example.com', firstName: 'Ops', lastName: 'Admin', role: 'admin', isGlobal: true },
  alphaEditor: { ...base, id: 2, username: 'alpha.editor', email: 'editor@alpha.example', firstName: 'Ana', lastName: 'Editor', role: 'editor', tenants: ['alpha'] },
  alphaAdmin: { ...base, id: 3, username: 'alpha.admin', email: 'admin@alpha.example', firstName: 'Al', lastName: 'Admin', role: 'site_admin', tenants: ['alpha'] },
  alphaViewer: { ...base, id: 4, username: 'alpha.viewer', email: 'viewer@alpha.example', firstName: 'Vi', lastName: 'Ewer', role: 'viewer', tenants: ['alpha'] },
  betaEditor: { ...base, id: 5, username: 'beta.editor', email: 'editor@beta.example', firstName: 'Bo', lastName: 'Editor', role: 'editor', tenants: ['beta'] },
  alphaManager: { ...base, id: 6, username: 'alpha.manager', email: 'manager@alpha.example', firstName: 'Mo', lastName: 'Manager', role: 'site_admin', extraPermissions: ['manage_users'], tenants: ['alpha'] },
  inactive: { ...base, id: 7, username: 'gone', email: 'gone@alpha.example', firstName: 'Gone', lastName: 'Away', role: 'editor', status: 0, tenants: ['alpha'] },
} as const;
export type UserKey = keyof typeof USERS;

let sharedHash: Promise<string> | undefined;

export interface Harness {
  app: Awaited<ReturnType<typeof buildApp>>;
  store: Store;
  changes: { tenantKey: string; change: ChangeEvent }[];
  mail: StaffMessage[];
  logged: unknown[];
  /** A fresh bearer token for a user (issued directly, no password check). */
  token(user: UserKey): Promise<string>;
  gql(query: string, variables?: Record<string, unknown>, opts?: RequestOpts): Promise<GqlResponse>;
  /** Runs a registered document by name. */
  op(name: string, variables?: Record<string, unknown>, opts?: RequestOpts): Promise<GqlResponse>;
  count(table: string): Promise<number>;
  close(): Promise<void>;
}

export interface RequestOpts {
  as?: UserKey;
  tenant?: string | null;
  headers?: Record<string, string>;
}

export interface GqlResponse {
  status: number;
  headers: Record<string, unknown>;
  body: { data?: Record<string, any> | null; errors?: { message: string; extensions: Record<string, any> }[] };
  data: Record<string, any>;
  error: { message: string; extensions: Record<string, any> } | undefined;
}

/**
 * `at.path`: the database to seed (default a fresh one, tempDbPath); `at.appPath`: the database URL
 * the app itself opens (PostgreSQL: the same database as another role).
 */
export async function startApi(options: Partial<BuildAppOptions> = {}, at: { path?: string; appPath?: string } = {}): Promise<Harness> {
  const store = await openStore({ path: at.path ?? tempDbPath() });
  await seedFixtures(store, writeFixtureSet([tenantFixture('alpha', 100), tenantFixture('beta', 200)]));
  const hash = await (sharedHash ??= hashPassword(PASSWORD));
  for (const u of Object.values(USERS)) await insertCmsUser(store.db, { ...u, extraPermissions: [...u.extraPermissions], tenants: [...u.tenants] }, hash);
  const changes: Harness['changes'] = [];
  const mail: StaffMessage[] = [];
  const logged: unknown[] = [];
  const log = { info: () => {}, warn: () => {}, error: (o: unknown) => { logged.push(o); } };
  // The app's own store: the seeding one, or (PostgreSQL, MASTHEAD_TEST_PG_ROLE=app) the same
  // database as a role that row-level security holds to, as in production.
  const appPath = at.appPath ?? (TEST_PG_AS_APP_ROLE ? appRoleUrlSync(store.path) : undefined);
  const appStore = options.store ?? (appPath ? await openStore({ path: appPath, migrate: false }) : store);
  const app = await buildApp({
    store: appStore, log, onChange: (tenantKey, change) => { changes.push({ tenantKey, change }); }, mailer: (m) => { mail.push(m); }, ...options,
  });
  const tokens = new Map<UserKey, string>();
  const h: Harness = {
    app, store, changes, mail, logged,
    async token(user) {
      const pair = await issueTokens(store.db, app.api.services, USERS[user].id);
      return pair.bearerToken;
    },
    async gql(query, variables = {}, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.tenant !== null) headers['x-tenant-key'] ??= opts.tenant ?? 'alpha';
      if (opts.as) {
        let t = tokens.get(opts.as);
        if (!t) { t = await h.token(opts.as); tokens.set(opts.as, t); }
        headers.authorization = `Bearer ${t}`;
      }
      const r = await app.inject({ method: 'POST', url: '/graphql', headers, payload: { query, variables } });
      const body = r.json();
      return { status: r.statusCode, headers: r.headers, body, data: body.data ?? {}, error: body.errors?.[0] };
    },
    op(name, variables, opts) {
      const doc = app.api.registry.byName.get(name);
      if (!doc) throw new Error(`no document ${name}`);
      return h.gql(doc.text, variables, opts);
    },
    async count(table) {
      const [row] = await store.all<{ n: number }>(`select count(*) as n from ${table}`);
      return Number(row?.n ?? 0);
    },
    async close() {
      await app.close();
      if (appStore !== store && appStore !== options.store) await appStore.close();
      await store.close();
    },
  };
  return h;
}

/** Every table's row count, to show a refused write changed nothing. */
export async function snapshotCounts(h: Harness): Promise<Record<string, number>> {
  const tables = ['content', 'website_schedules', 'content_authors', 'website_sections', 'layouts', 'menus', 'redirects', 'ad_unit_patterns', 'ad_units', 'house_ads', 'cms_users', 'cms_user_tenants', 'history', 'tenants'];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = await h.count(t);
  return out;
}
