// The islands' door to the API: the shared GraphQL client (engine/domain/graphql-client) on the
// site's own origin. The tenant travels as x-tenant-key from <html data-tenant>, else as x-domain
// with the current host; member and staff cookies are HttpOnly and travel with same-origin calls.
// The API origin can be moved with <meta name="masthead-api" content="https://api.example.com/graphql">.
import { createGraphQLClient, type GraphQLClient } from '../../engine/domain/graphql-client';

let client: GraphQLClient | null = null;

function meta(name: string): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || null;
}

/** The one client of this page (created on first use). */
export function siteApi(): GraphQLClient {
  if (!client) {
    const endpoint = meta('masthead-api') ?? '/graphql';
    client = createGraphQLClient({
      endpoint,
      version: meta('masthead-build') ?? 'site',
      fetch: (url, init) => fetch(url, init),
      tenantKey: document.documentElement.dataset.tenant ?? null,
      currentHost: () => location.host,
      credentials: endpoint.startsWith('/') ? 'same-origin' : 'include',
    });
  }
  return client;
}

/** Replaces the client (component tests). */
export function setSiteApi(next: GraphQLClient | null): void {
  client = next;
}
