import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLClient, GraphQLClientError, NETWORK_ERROR_MESSAGE, type FetchLike } from '../../engine/domain/graphql-client';
import { PASSWORD, startApi, type Harness } from './api-harness';

let h: Harness;
let base: string;
let staff: string | undefined;
const fetchImpl: FetchLike = (url, init) => fetch(url, init);

beforeAll(async () => {
  h = await startApi();
  const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `${address}/graphql`;
});
afterAll(async () => { await h.close(); });

const client = (o: { tenantKey?: string; host?: string } = { tenantKey: 'alpha' }) => createGraphQLClient({
  endpoint: base, version: h.app.api.registry.version, fetch: fetchImpl,
  tenantKey: o.tenantKey ?? 'auto', currentHost: () => o.host, staffToken: () => staff,
});

describe('the shared client against a listening server', () => {
  it('runs public queries by name, unwrapping and flattening the answers', async () => {
    const c = client();
    const item = await c.query<{ id: number; canonicalPath: string }>('getContent', { id: 10_010_001 });
    expect(item.canonicalPath).toBe('/markets/ocean-freight/10010001/carriers-adjust-capacity-on-lane-1');
    const page = await c.query<{ items: { id: number }[]; totalCount: number }>('getContentStream', { input: { sectionId: 101 } });
    expect(page.items.map((i) => i.id)).toEqual([10_010_002, 10_010_001]);
    expect(page.totalCount).toBe(2);
    const viaDomain = client({ host: 'beta.localhost:4000' });
    expect((await viaDomain.query<{ general: { siteName: string } }>('getSiteSettingsNew')).general.siteName).toBe('beta News');
  });

  it('signs in with a mutation and sends the bearer token on later calls', async () => {
    const c = client();
    const tokens = await c.mutation<{ bearerToken: string }>('loginCmsUser', { username: 'ops', password: PASSWORD });
    staff = tokens.bearerToken;
    expect((await c.query<{ username: string }>('getActiveCMSUser')).username).toBe('ops');
    const created = await c.mutation<{ id: number; status: number }>('createContent', { input: { type: 'Blog', name: 'From the client', primarySectionId: 104, status: 1 } });
    expect(created.status).toBe(1);
    const users = await c.query<{ items: { username: string }[] }>('getCmsUserStream');
    expect(users.items.map((u) => u.username)).toContain('alpha.editor');
  });

  it('runs every registered query for a global admin without an error', async () => {
    const c = client();
    const variables: Record<string, Record<string, unknown>> = {
      getContent: { id: 10_010_001 }, getWebsiteSection: { sectionId: 103 }, getWebsiteSectionBasic: { sectionId: 103 }, getWebsiteLayoutPage: { alias: '/markets' },
      getBlueConicRecommendations: { input: { contentId: 10_010_001 } },
      getLayout: { id: 170 }, getAsset: { id: 120 }, getMediaAsset: { id: 120 }, getPerson: { id: 110 }, getCmsUser: { id: 2 }, getWebsiteRedirect: { from: '/old-markets' },
      getMembership: { id: 140 }, getGatedContent: { id: 10_010_001 }, getNewsletterItem: { id: 150 },
      previewSiteUserImport: { input: { csv: 'email\nann@example.com\n' } },
      runReport: { id: 'content-views', params: '' },
      exportSectionsForPrint: { sectionId: 103, from: '2026-01-01', to: '2026-03-31' },
    };
    // These need a signed-in member, a registration link, a license company or newsletter templates,
    // campaigns and ads, a news item, a contract, a magazine issue or the company-updates module the harness does not
    // create, or a layout with an RSS feed or video playlist block; members-*.test.ts, api-newsletters*.test.ts,
    // company-*.test.ts, api-magazine.test.ts and api-block-data.test.ts run them.
    const needsMember = new Set(['getSiteUser', 'getSiteUserStub', 'getSiteLicenseCompany', 'getRSSFeedContentStream', 'getYoutubePlaylistVideos',
      'getNewsletterTemplate', 'getNewsletterCampaign', 'getNewsletterAd', 'renderNewsletterCampaignPreview',
      'getAspireNews', 'getContract', 'getCompanyUpdate', 'getCompanyUpdateStream', 'getCompanyOptions',
      'getIssue', 'getMagazinePublication', 'exportIssueForPrint']);
    for (const doc of h.app.api.registry.byName.values()) {
      if (doc.kind !== 'query' || needsMember.has(doc.name)) continue;
      await expect(c.query(doc.name, variables[doc.name] ?? {}), doc.name).resolves.toBeDefined();
    }
  });

  it('raises the server\'s first error with its status and code', async () => {
    staff = await h.token('alphaViewer');
    const err = await client().mutation('createContent', { input: { type: 'Blog', name: 'Nope', primarySectionId: 104 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GraphQLClientError);
    expect(err).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'You do not have permission to do that.' });
    const bad = await client().query('getContent', { id: 'abc' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, code: 'BAD_USER_INPUT', extensions: { field: 'id' } });
    const missing = await client().query('noSuchQuery').catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, message: 'Not Found' });
  });

  it('turns a connection failure into the database message', async () => {
    const dead = createGraphQLClient({ endpoint: 'http://127.0.0.1:9/graphql', version: '1', fetch: fetchImpl, tenantKey: 'alpha' });
    await expect(dead.query('getContent', { id: 1 })).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 500 });
  });
});
