// The one place the admin talks to the API, through the shared client (engine/domain/graphql-client:
// documents fetched by GET with a version, POST with the spec's headers, unwrapping, retries and
// the error texts of admin §7.1/§8). This adapter adds what only the admin needs: a per-call tenant
// (editors pin the tenant a document came from), the bearer token from the session cookie, one
// refresh-and-retry on UNAUTHENTICATED, and errors as ApiError with the field the API names.
import {
  createGraphQLClient, GraphQLClientError, NETWORK_ERROR_MESSAGE, type FetchLike, type GraphQLClient, type OperationKind,
} from '../../engine/domain/graphql-client';

export type { OperationKind };
export const NETWORK_ERROR_TEXT = NETWORK_ERROR_MESSAGE;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly field: string | null;
  constructor(message: string, status: number, code: string | null = null, field: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

export interface TransportConfig {
  endpoint: string;
  documentsBase: string;
  version: string;
  tenantKey: () => string | null;
  bearer: () => string | null;
  /** Called once when a call fails with UNAUTHENTICATED; true means retry (after a token refresh). */
  onUnauthenticated?: () => Promise<boolean>;
  fetch?: FetchLike;
}

/** Session operations never trigger the refresh-and-retry of onUnauthenticated. */
const SESSION_OPERATIONS = new Set([
  'loginCmsUser', 'refreshTokenCmsUser', 'logoutCmsUser', 'requestResetCMSUserPassword', 'resetCMSUserPassword',
  'validateCMSUserInvite', 'getActiveCMSUser', 'validateCMSUserBearerToken',
]);

let config: TransportConfig = {
  endpoint: '/graphql',
  documentsBase: '/graphql',
  version: typeof __ADMIN_VERSION__ === 'string' ? __ADMIN_VERSION__ : 'dev',
  tenantKey: () => null,
  bearer: () => null,
};
let clients = new Map<string, GraphQLClient>();

export function configureTransport(patch: Partial<TransportConfig>): void {
  const reset = 'endpoint' in patch || 'documentsBase' in patch || 'version' in patch || 'fetch' in patch;
  config = { ...config, ...patch };
  if (reset) clients = new Map();
}

/** One client per tenant key ('' names none); documents are fetched once through the '' client. */
function client(tenantKey: string): GraphQLClient {
  let c = clients.get(tenantKey);
  if (!c) {
    const f: FetchLike = config.fetch ?? ((url, init) => fetch(url, init));
    c = createGraphQLClient({
      endpoint: config.endpoint,
      documentsBase: config.documentsBase,
      version: config.version,
      fetch: f,
      tenantKey: tenantKey || null,
      // Before a tenant is chosen (sign-in, the tenant list) no x-domain is sent: the admin's own
      // host is usually not a site's domain, and the API then resolves the tenant from Host or none.
      currentHost: () => null,
      staffToken: () => config.bearer(),
    });
    clients.set(tenantKey, c);
  }
  return c;
}

function toApiError(e: unknown): unknown {
  if (!(e instanceof GraphQLClientError)) return e;
  const field = typeof e.extensions.field === 'string' ? e.extensions.field : null;
  return new ApiError(e.message, e.status, e.code ?? null, field);
}

async function send<T>(kind: OperationKind, name: string, variables: Record<string, unknown>, tenantKey: string): Promise<T> {
  try {
    const text = await client('').document(kind, name);
    return await client(tenantKey).execute<T>(kind, text, variables);
  } catch (e) {
    throw toApiError(e);
  }
}

/**
 * Uploads a file to POST /api/assets (multipart, the same bearer and tenant as GraphQL), reporting
 * progress as a fraction; resolves with the asset record or rejects with the API's error message.
 */
export function uploadAsset<T>(file: File, onProgress: (fraction: number) => void, options: { replaceId?: number } = {}): Promise<T> {
  return postFile<{ asset?: T }>(`/api/assets${options.replaceId ? `?replace=${options.replaceId}` : ''}`, file, onProgress).then((b) => {
    if (!b.asset) throw new ApiError('The upload failed: the answer held no asset.', 200, null, 'file');
    return b.asset;
  });
}

/**
 * Posts one file as the multipart part `file` to a REST route of the API (the same bearer and
 * tenant as GraphQL), reporting upload progress as a fraction; resolves with the JSON answer of a
 * 2xx, or rejects with the API's first error (its message, code and field).
 */
export function postFile<B extends object>(url: string, file: File, onProgress: (fraction: number) => void): Promise<B> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const tenant = config.tenantKey();
    if (tenant) xhr.setRequestHeader('x-tenant-key', tenant);
    const bearer = config.bearer();
    if (bearer) xhr.setRequestHeader('authorization', `Bearer ${bearer}`);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress(e.loaded / e.total); };
    xhr.onerror = () => reject(new ApiError('The upload failed: the server could not be reached.', 0, null, 'file'));
    xhr.onload = () => {
      let body: B & { errors?: { message: string; extensions?: { code?: string; field?: string } }[] } = {} as B;
      try { body = JSON.parse(xhr.responseText) as typeof body; } catch { /* not JSON */ }
      if (xhr.status < 300 && !body.errors) { onProgress(1); resolve(body); return; }
      const e = body.errors?.[0];
      reject(new ApiError(e?.message ?? `The upload failed (HTTP ${xhr.status}).`, xhr.status, e?.extensions?.code ?? null, e?.extensions?.field ?? 'file'));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** GET a JSON route of the API (e.g. /api/imports) with the session's bearer and tenant (through the configured fetch); errors as ApiError. */
export async function getJson<B>(path: string): Promise<B> {
  const headers: Record<string, string> = {};
  const tenant = config.tenantKey();
  if (tenant) headers['x-tenant-key'] = tenant;
  const bearer = config.bearer();
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  let r: { ok: boolean; status: number; text(): Promise<string> };
  try {
    r = await (config.fetch ?? ((u, init) => fetch(u, init)))(path, { method: 'GET', headers });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  let body = {} as B & { errors?: { message: string; extensions?: { code?: string; field?: string } }[] };
  try { body = JSON.parse(await r.text()) as typeof body; } catch { /* not JSON */ }
  if (!r.ok || body.errors) {
    const e = body.errors?.[0];
    throw new ApiError(e?.message ?? `The request failed (HTTP ${r.status}).`, r.status, e?.extensions?.code ?? null, e?.extensions?.field ?? null);
  }
  return body;
}

/**
 * Loads an asset's preview from GET /api/assets/:id/preview (the same bearer and tenant as GraphQL;
 * an <img> cannot send them) and answers an object URL for it; the caller revokes it. `version`
 * (the file's hash) makes a replaced file a new URL, so the long private cache never shows a stale one.
 */
export async function fetchAssetPreview(id: number, width: number, version: string): Promise<string> {
  const headers: Record<string, string> = {};
  const tenant = config.tenantKey();
  if (tenant) headers['x-tenant-key'] = tenant;
  const bearer = config.bearer();
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  let r: Response;
  try {
    r = await fetch(`/api/assets/${id}/preview?width=${width}&v=${encodeURIComponent(version)}`, { headers });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  if (!r.ok) {
    const body = await r.json().catch(() => ({})) as { errors?: { message: string; extensions?: { code?: string } }[] };
    const e = body.errors?.[0];
    throw new ApiError(e?.message ?? `The preview could not be loaded (HTTP ${r.status}).`, r.status, e?.extensions?.code ?? null);
  }
  return URL.createObjectURL(await r.blob());
}

/** Runs a named operation and returns its unwrapped answer. */
export async function request<T>(
  kind: OperationKind,
  name: string,
  variables: Record<string, unknown> = {},
  options: { tenantKey?: string } = {},
): Promise<T> {
  const tenantKey = options.tenantKey ?? config.tenantKey() ?? '';
  try {
    return await send<T>(kind, name, variables, tenantKey);
  } catch (e) {
    const retry = e instanceof ApiError && e.code === 'UNAUTHENTICATED' && !SESSION_OPERATIONS.has(name) && config.onUnauthenticated;
    if (retry && (await retry())) return send<T>(kind, name, variables, tenantKey);
    throw e;
  }
}

/**
 * Downloads a report export from GET /api/reports/:id/export (the same bearer and tenant as
 * GraphQL): answers the file's bytes and the name the API gave it.
 */
export async function fetchReportExport(id: string, search: string, format: 'csv' | 'xlsx'): Promise<{ filename: string; bytes: Uint8Array; type: string }> {
  const headers: Record<string, string> = {};
  const tenant = config.tenantKey();
  if (tenant) headers['x-tenant-key'] = tenant;
  const bearer = config.bearer();
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const q = new URLSearchParams(search);
  q.set('format', format);
  // Tests give the transport a fake fetch; it answers real Response objects here.
  const f = (config.fetch as unknown as typeof fetch | undefined) ?? ((url: string, init?: RequestInit) => fetch(url, init));
  let r: Response;
  try {
    r = await f(`/api/reports/${encodeURIComponent(id)}/export?${q}`, { method: 'GET', headers });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  if (!r.ok) {
    const body = await r.json().catch(() => ({})) as { errors?: { message: string; extensions?: { code?: string } }[] };
    const e = body.errors?.[0];
    throw new ApiError(e?.message ?? `The export failed (HTTP ${r.status}).`, r.status, e?.extensions?.code ?? null);
  }
  const name = /filename="([^"]+)"/.exec(r.headers.get('content-disposition') ?? '')?.[1] ?? `${id}.${format}`;
  return { filename: name, bytes: new Uint8Array(await r.arrayBuffer()), type: r.headers.get('content-type') ?? 'application/octet-stream' };
}
