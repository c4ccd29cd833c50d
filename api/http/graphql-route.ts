// POST /graphql: one JSON operation per request. Documents are parsed and validated once and
// cached; in production mode only registered documents run. The HTTP status is the first
// error's status; a rate-limit refusal carries Retry-After.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  execute, getOperationAST, GraphQLError, NoSchemaIntrospectionCustomRule, parse, specifiedRules, validate,
  type DocumentNode, type GraphQLSchema, type OperationDefinitionNode, type ValidationRule,
} from '../graphql';
import { createContext, type GqlContext } from '../context';
import type { DocumentRegistry } from '../documents';
import { sha256 } from '../documents';
import type { Services } from '../../engine/services/kernel/services';
import { COOKIES } from '../../engine/services/auth';
import { clearCookie, readCookie, setCookie } from './cookies';
import { errorBody, formatError, TransportError, type FormattedError } from './errors';
import { limitRule, MAX_TOKENS } from './limits';
import { isSameOrigin } from './origin';
import { CACHEABLE_FIELDS } from '../../engine/services/kernel/response-cache';
import { inScope } from '../../engine/services/kernel/access';
import { previewKey } from '../../engine/services/kernel/preview-keys';
import { STAFF_SITE_COOKIE, staffFromSiteCookie } from '../auth/staff-site';
import { nameTenant } from './request-tenant';

export const BODY_LIMIT = 1024 * 1024;

interface Prepared { document: DocumentNode; errors: readonly GraphQLError[] }

export interface GraphqlRouteOptions {
  schema: GraphQLSchema;
  services: Services;
  registry: DocumentRegistry;
  mode: 'development' | 'production';
  allowedOrigins: string[];
}

/** A bounded map that forgets its oldest entry (insertion order) when full. */
class Bounded<K, V> extends Map<K, V> {
  constructor(private readonly cap: number) { super(); }
  override set(key: K, value: V): this {
    if (this.size >= this.cap && !this.has(key)) {
      const first = this.keys().next();
      if (!first.done) this.delete(first.value);
    }
    return super.set(key, value);
  }
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function bearerFromHeader(value: string | undefined): string | undefined {
  const m = value ? /^Bearer\s+(\S+)$/i.exec(value.trim()) : null;
  return m?.[1];
}

/**
 * Finds the document a request runs: a registered one (by documentId, persisted-query hash or the
 * digest of its text), or, outside production, ad-hoc text parsed and validated once and cached.
 */
function documentPicker(o: GraphqlRouteOptions): (body: Record<string, unknown>) => Prepared {
  const production = o.mode === 'production';
  const rules: ValidationRule[] = [...specifiedRules, limitRule({ skipIntrospection: !production })];
  if (production) rules.push(NoSchemaIntrospectionCustomRule);
  const cache = new Bounded<string, Prepared>(500);
  const prepare = (text: string): Prepared => {
    const hit = cache.get(text);
    if (hit) return hit;
    let prepared: Prepared;
    try {
      const document = parse(text, { maxTokens: MAX_TOKENS, noLocation: false });
      prepared = { document, errors: validate(o.schema, document, rules) };
    } catch (e) {
      prepared = { document: { kind: 'Document', definitions: [] } as unknown as DocumentNode, errors: [e as GraphQLError] };
    }
    if (text.length <= 100_000) cache.set(text, prepared);
    documentKeys.set(prepared.document, sha256(text));
    return prepared;
  };
  // Registered documents are validated at start; a document that no longer fits the schema stops the app.
  const registered = new Map<string, Prepared>();
  // Production looks a sent text up as it is (the registry's own texts): its digest is the same
  // key, and hashing ~1 KB per request cost more than the map look-up.
  const registeredTexts = new Map<string, Prepared>();
  for (const d of o.registry.byName.values()) {
    const p = { document: d.document, errors: validate(o.schema, d.document, rules) };
    if (p.errors.length) throw new Error(`documents/${d.kind}/${d.name}.gql: ${p.errors[0]!.message}`);
    registered.set(d.sha256, p);
    registeredTexts.set(d.text, p);
    documentKeys.set(d.document, d.sha256);
  }

  return (body) => {
    const ext = body.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined;
    const id = typeof body.documentId === 'string' ? body.documentId : undefined;
    const hash = typeof ext?.persistedQuery?.sha256Hash === 'string' ? ext.persistedQuery.sha256Hash : undefined;
    if (id !== undefined || hash !== undefined) {
      const key = hash ?? (id!.startsWith('sha256:') ? id!.slice(7) : o.registry.byName.get(id!)?.sha256);
      const p = key ? registered.get(key) : undefined;
      if (!p) throw new TransportError('PERSISTED_QUERY_NOT_FOUND');
      return p;
    }
    if (typeof body.query !== 'string' || body.query.length === 0) throw new TransportError('BAD_REQUEST');
    if (production) {
      const p = registeredTexts.get(body.query);
      if (!p) throw new TransportError('PERSISTED_QUERY_NOT_FOUND');
      return p;
    }
    return prepare(body.query);
  };
}

export function registerGraphqlRoute(app: FastifyInstance, o: GraphqlRouteOptions): void {
  const pick = documentPicker(o);
  // The request's tenant scope (api/http/request-tenant.ts, opened for every route) is named when its context resolves the tenant.
  app.post('/graphql', { bodyLimit: BODY_LIMIT }, async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const body = req.body;
      if (Array.isArray(body)) throw new TransportError('BATCH_NOT_SUPPORTED');
      if (!body || typeof body !== 'object') throw new TransportError('BAD_REQUEST');
      const b = body as Record<string, unknown>;
      const variables = b.variables ?? {};
      if (typeof variables !== 'object' || Array.isArray(variables) || variables === null) throw new TransportError('BAD_REQUEST');
      if (b.operationName !== undefined && b.operationName !== null && typeof b.operationName !== 'string') throw new TransportError('BAD_REQUEST');
      const prepared = pick(b);
      if (prepared.errors.length) return send(reply, o.services, prepared.errors);
      const operationName = (b.operationName as string | null | undefined) ?? undefined;
      const operation = getOperationAST(prepared.document, operationName);
      if (!operation) throw new TransportError('OPERATION_NOT_FOUND');
      const cacheKey = publicCacheKey(req, o, prepared, operation, operationName, variables);
      const bypassFor = cacheKey ? await staffBypassesCache(req, o.services) : null;
      // A bypass reads past the kept content too, and the fresh rows replace it for readers.
      if (bypassFor !== null) o.services.content.invalidate(bypassFor);
      const cached = cacheKey && bypassFor === null ? o.services.responses.get(cacheKey) : undefined;
      if (cached !== undefined) return reply.code(200).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(cached);
      const ctx = contextFor(req, reply, o);
      checkCrossSite(req, ctx, operation, o.allowedOrigins);
      const result = await execute({
        schema: o.schema, document: prepared.document, operationName, contextValue: ctx,
        variableValues: variables as Record<string, unknown>,
      });
      if (cacheKey && !result.errors?.length) {
        const text = JSON.stringify({ data: result.data });
        o.services.responses.set(cacheKey, text);
        return reply.code(200).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(text);
      }
      return send(reply, o.services, result.errors ?? [], result.data);
    } catch (e) {
      const { status, body } = errorBody(e, o.services.log);
      return reply.code(status).header('cache-control', 'no-store').send(body);
    }
  });
}

const CREDENTIAL_COOKIES = [COOKIES.staff, COOKIES.refresh, COOKIES.member];

/** The staff toolbar's "Bypass cache" switch (site/islands/staff-toolbar.tsx; admin §2 cache-bypass cookie). */
export const CACHE_BYPASS_COOKIE = 'mh_cache_bypass';

/**
 * The tenant of a request that would be answered from the anonymous cache and asks to bypass it and may (else null):
 * the bypass cookie alone is anyone's to set, so it counts only beside a live staff session for
 * the request's tenant (the toolbar's mh_staff_site cookie; a staff bearer never reaches the cache).
 * The fresh answer is still stored: it is the anonymous answer (the site cookie unlocks no data),
 * so a bypass refreshes the cache for readers instead of serving staff alone.
 */
async function staffBypassesCache(req: FastifyRequest, services: Services): Promise<string | null> {
  const site = readCookie(req, STAFF_SITE_COOKIE);
  if (req.cookies?.[CACHE_BYPASS_COOKIE] === undefined || site === undefined) return null;
  const tenant = nameTenant(await services.tenants.resolve({ tenantKey: header(req, 'x-tenant-key'), domain: header(req, 'x-domain'), host: header(req, 'host') }).catch(() => null));
  if (!tenant) return null;
  const staff = await staffFromSiteCookie(services, site, tenant.tenantKey, await previewKey(services));
  return staff !== null && inScope(staff.actor, tenant.tenantKey) ? tenant.tenantKey : null;
}

/**
 * The cache key of an anonymous public read, or null when the answer must not be shared: a
 * mutation, a root field that is not public, or any staff or member credential on the request.
 */
function publicCacheKey(req: FastifyRequest, o: GraphqlRouteOptions, prepared: Prepared, op: OperationDefinitionNode, operationName: string | undefined, variables: unknown): string | null {
  if (!o.services.responses.enabled || op.operation !== 'query') return null;
  if (req.headers.authorization !== undefined || req.headers['x-site-user'] !== undefined) return null;
  if (CREDENTIAL_COOKIES.some((c) => readCookie(req, c) !== undefined || req.cookies?.[c] !== undefined)) return null;
  for (const sel of op.selectionSet.selections) {
    if (sel.kind !== 'Field' || !CACHEABLE_FIELDS.has(sel.name.value)) return null;
  }
  const vars = JSON.stringify(variables);
  if (vars.length > 4096) return null;
  const doc = documentKeys.get(prepared.document) ?? '';
  if (!doc) return null;
  return [doc, operationName ?? '', header(req, 'x-tenant-key') ?? '', header(req, 'x-domain') ?? '', header(req, 'host') ?? '', vars].join('\u0000');
}

/** A stable key per prepared document (its text's digest), for the response cache. */
const documentKeys = new WeakMap<DocumentNode, string>();

/** The GraphQL context of a request (also used by routes that act for the same reader, e.g. POST /api/events). */
export function contextFor(req: FastifyRequest, reply: FastifyReply, o: GraphqlRouteOptions): GqlContext {
  const fromHeader = bearerFromHeader(header(req, 'authorization'));
  const fromCookie = readCookie(req, COOKIES.staff);
  const memberHeader = header(req, 'x-site-user');
  const memberFromHeader = memberHeader === undefined ? undefined : (bearerFromHeader(memberHeader) ?? memberHeader.trim());
  const memberFromCookie = readCookie(req, COOKIES.member);
  return createContext(o.services, {
    ip: req.ip,
    tenantHeaders: { tenantKey: header(req, 'x-tenant-key'), domain: header(req, 'x-domain'), host: header(req, 'host') },
    bearer: fromHeader ?? fromCookie,
    bearerFrom: fromHeader ? 'header' : fromCookie ? 'cookie' : null,
    refreshCookie: readCookie(req, COOKIES.refresh),
    siteUserToken: memberFromHeader || memberFromCookie,
    siteUserFrom: memberFromHeader ? 'header' : memberFromCookie ? 'cookie' : null,
    userAgent: (header(req, 'user-agent') ?? '').slice(0, 512),
    cookie: (name) => readCookie(req, name),
    cookies: {
      set: (name, value, opts) => setCookie(req, reply, name, value, opts),
      clear: (name, opts) => clearCookie(req, reply, name, opts),
    },
  }, o.mode, o.registry.version);
}

/**
 * Cookie-authenticated mutations must come from the same origin (Sec-Fetch-Site, else Origin).
 * A request authenticated by an authorization header cannot be forged by another site.
 */
function checkCrossSite(req: FastifyRequest, ctx: GqlContext, op: OperationDefinitionNode, allowed: string[]): void {
  if (op.operation === 'mutation') refuseCrossSiteCookies(req, ctx, allowed);
}

/** The same rule for any other write route (e.g. POST /api/assets): a cookie-authenticated write must be same-origin. */
export function refuseCrossSiteCookies(req: FastifyRequest, ctx: GqlContext, allowed: string[]): void {
  const usesCookie = ctx.req.bearerFrom === 'cookie' || (!ctx.req.bearerFrom && ctx.req.refreshCookie !== undefined) || ctx.req.siteUserFrom === 'cookie';
  if (usesCookie && !isSameOrigin(req, allowed)) throw new TransportError('CROSS_SITE_REQUEST');
}

function send(reply: FastifyReply, services: Services, errors: readonly GraphQLError[], data?: unknown) {
  reply.header('cache-control', 'no-store');
  if (errors.length === 0) return reply.code(200).send({ data });
  const formatted: FormattedError[] = [];
  let status = 200;
  let retryAfter = 0;
  for (const [i, e] of errors.entries()) {
    const f = formatError(e, services.log);
    formatted.push(f.error);
    if (i === 0) status = f.status;
    const wait = f.error.extensions.retryAfterSeconds;
    if ((f.error.extensions.code === 'RATE_LIMITED' || f.error.extensions.code === 'SERVICE_UNAVAILABLE') && typeof wait === 'number') retryAfter = Math.max(retryAfter, wait);
  }
  if (retryAfter > 0) reply.header('retry-after', String(retryAfter));
  return reply.code(status).send(data === undefined ? { errors: formatted } : { errors: formatted, data });
}
