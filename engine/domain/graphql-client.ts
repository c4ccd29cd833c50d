// The one GraphQL client used by the admin SPA, the site's islands, the CLI and the tests (admin
// §7.1, §8). Browser-safe: no Node APIs; `fetch` is injected so it runs in Node and browsers alike.
//
// Rules: operation documents are fetched once from GET {documentsBase}/{query|mutation}/{name}.gql?v=
// and must begin with query or mutation ('Invalid GQL Format'); every call is a POST of
// { query, variables } with x-tenant-key (or x-domain with the current host), authorization and
// x-site-user headers; the answer is unwrapped to the last key of data and stream answers have
// their edges flattened into items; queries retry once on a non-JSON answer, mutations never.

export const INVALID_GQL_FORMAT = 'Invalid GQL Format';
export const NETWORK_ERROR_MESSAGE =
  'There was a problem connecting to the database. Please try again later or contact your site administrator.';
export const statusCodeMessage = (status: number) =>
  `Status code ${status}: An error occurred, please try again. If this continues, please contact support.`;

export type OperationKind = 'query' | 'mutation';

export interface ResponseLike {
  ok: boolean;
  status: number;
  statusText: string;
  text(): Promise<string>;
}
export type FetchLike = (url: string, init: {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  credentials?: 'same-origin' | 'include' | 'omit';
}) => Promise<ResponseLike>;

export interface GraphQLClientOptions {
  /** The GraphQL endpoint, e.g. "/graphql" in a browser or "http://127.0.0.1:4000/graphql". */
  endpoint: string;
  /** Where operation documents are served; defaults to the endpoint. */
  documentsBase?: string;
  /** The documents' version, sent as ?v= so caches keep one copy per release. */
  version: string;
  fetch: FetchLike;
  /** A tenant key; empty or "auto" sends x-domain with the current host instead. */
  tenantKey?: string | null;
  /** The current host (browser: location.host). */
  currentHost?: () => string | null | undefined;
  /** The staff bearer token, when readable (non-browser clients; browsers send the HttpOnly cookie). */
  staffToken?: () => string | null | undefined;
  /** The member (site user) token, sent as x-site-user. */
  siteUserToken?: () => string | null | undefined;
  /** Browser credentials mode; same-origin by default so the HttpOnly cookies travel. */
  credentials?: 'same-origin' | 'include' | 'omit';
}

/** A failed call: the first error's message (or the transport message) with the HTTP status. */
export class GraphQLClientError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly extensions: Record<string, unknown>;
  constructor(message: string, status: number, code?: string, extensions: Record<string, unknown> = {}, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'GraphQLClientError';
    this.status = status;
    this.code = code;
    this.extensions = extensions;
  }
}

const RETRY_GET_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** Checks that a document begins with query or mutation. */
export function assertDocumentFormat(document: string): void {
  if (!/^\s*(query|mutation)\b/.test(document)) throw new GraphQLClientError(INVALID_GQL_FORMAT, 400, 'INVALID_GQL_FORMAT');
}

/** Unwraps data to its last key; a connection ({ edges }) becomes { items, ...rest }. */
export function unwrapData(data: unknown): unknown {
  if (!data || typeof data !== 'object') return data ?? null;
  const keys = Object.keys(data);
  const last = keys[keys.length - 1];
  return flattenEdges(last === undefined ? null : (data as Record<string, unknown>)[last]);
}

export function flattenEdges(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const { edges, ...rest } = value as { edges?: unknown };
  if (!Array.isArray(edges)) return value;
  return { ...rest, items: edges.map((e) => (e && typeof e === 'object' ? (e as { node?: unknown }).node : e)) };
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export interface GraphQLClient {
  query<T = unknown>(name: string, variables?: Record<string, unknown>): Promise<T>;
  mutation<T = unknown>(name: string, variables?: Record<string, unknown>): Promise<T>;
  /** Runs a document text directly (already fetched or built in code). */
  execute<T = unknown>(kind: OperationKind, document: string, variables?: Record<string, unknown>): Promise<T>;
  /** The text of a named operation, fetched once and cached. */
  document(kind: OperationKind, name: string): Promise<string>;
}

export function createGraphQLClient(options: GraphQLClientOptions): GraphQLClient {
  const docs = new Map<string, Promise<string>>();
  const base = (options.documentsBase ?? options.endpoint).replace(/\/+$/, '');
  const credentials = options.credentials ?? 'same-origin';

  const headers = (): Record<string, string> => {
    const h: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    const key = options.tenantKey?.trim();
    if (key && key !== 'auto') h['x-tenant-key'] = key;
    else {
      const host = options.currentHost?.();
      if (host) h['x-domain'] = host;
    }
    const staff = options.staffToken?.();
    if (staff) h.authorization = `Bearer ${staff}`;
    const member = options.siteUserToken?.();
    if (member) h['x-site-user'] = `Bearer ${member}`;
    return h;
  };

  const send = async (url: string, init: Parameters<FetchLike>[1]) => {
    try {
      const res = await options.fetch(url, init);
      return { res, text: await res.text() };
    } catch (cause) {
      throw new GraphQLClientError(NETWORK_ERROR_MESSAGE, 500, 'NETWORK_ERROR', {}, cause);
    }
  };

  const fetchDocument = async (kind: OperationKind, name: string): Promise<string> => {
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) throw new GraphQLClientError(INVALID_GQL_FORMAT, 400, 'INVALID_GQL_FORMAT');
    const url = `${base}/${kind}/${name}.gql?v=${encodeURIComponent(options.version)}`;
    for (let attempt = 0; ; attempt++) {
      const { res, text } = await send(url, { method: 'GET', headers: { accept: 'application/graphql, text/plain' }, credentials });
      if (res.ok) {
        assertDocumentFormat(text);
        return text;
      }
      if (attempt === 0 && RETRY_GET_STATUSES.has(res.status)) continue;
      throw new GraphQLClientError(res.statusText || statusCodeMessage(res.status), res.status);
    }
  };

  const document = (kind: OperationKind, name: string) => {
    const key = `${kind}/${name}`;
    let p = docs.get(key);
    if (!p) {
      p = fetchDocument(kind, name);
      docs.set(key, p);
      p.catch(() => docs.delete(key));
    }
    return p;
  };

  const execute = async <T>(kind: OperationKind, query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    assertDocumentFormat(query);
    const body = JSON.stringify({ query, variables });
    for (let attempt = 0; ; attempt++) {
      const { res, text } = await send(options.endpoint, { method: 'POST', headers: headers(), body, credentials });
      const json = parseJson(text);
      if (!json) {
        if (kind === 'query' && attempt === 0) continue;
        throw new GraphQLClientError(res.statusText || statusCodeMessage(res.status), res.status);
      }
      const errors = json.errors;
      if (Array.isArray(errors) && errors.length > 0) {
        const first = (errors[0] ?? {}) as { message?: unknown; extensions?: Record<string, unknown> };
        const raw = typeof first.message === 'string' ? first.message : statusCodeMessage(res.status);
        const message = raw === 'Network error' ? NETWORK_ERROR_MESSAGE : raw;
        const ext = first.extensions ?? {};
        throw new GraphQLClientError(message, res.status, typeof ext.code === 'string' ? ext.code : undefined, ext);
      }
      if (!res.ok) throw new GraphQLClientError(res.statusText || statusCodeMessage(res.status), res.status);
      return unwrapData(json.data) as T;
    }
  };

  return {
    document,
    execute,
    query: async (name, variables) => execute('query', await document('query', name), variables),
    mutation: async (name, variables) => execute('mutation', await document('mutation', name), variables),
  };
}
