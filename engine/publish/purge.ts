// CDN purging after a publish to object storage (s3.ts): the URLs of the objects a publish
// changed, or the whole tenant when its build was a full one (or the change list is long). One
// interface, three services, chosen by a setting in cli/config:
//   cloudflare — POST /zones/<zone>/purge_cache: {files: [absolute URLs]} (30 a request), a full
//                purge by {hosts: [the tenant's host]};
//   fastly     — POST /service/<id>/purge with a Surrogate-Key header (256 keys a request): each
//                object is tagged by s3.ts with its path's key and the tenant key (x-amz-meta-
//                surrogate-key, which the service's VCL copies into Surrogate-Key);
//   cloudfront — CreateInvalidation on the tenant's distribution (paths, or /* for a full purge).
// Services' API origins can be moved (tests point them at a local recorder). No process.env here.
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';

export interface PurgeRequest {
  tenant: string;
  /** The tenant's absolute origin (https://www.example.com), no trailing slash. */
  origin: string;
  /** Paths relative to the tenant's root that a publish uploaded or deleted. */
  changed: string[];
  /** Purge everything of the tenant (a full build). */
  everything: boolean;
}

export interface PurgeResult { service: string; requests: number; urls: number; everything: boolean }

export interface CdnPurger {
  readonly service: 'cloudflare' | 'fastly' | 'cloudfront';
  purge(req: PurgeRequest): Promise<PurgeResult>;
}

/** Above this many URL paths a purge is tenant-wide. */
export const MAX_PATHS = 1000;

/**
 * The URL paths a reader or a CDN uses for the changed files: a page's folder with and without the
 * trailing slash and its index.html; a .br/.gz sibling stands for its file; build metadata is skipped.
 */
export function purgePaths(changed: string[]): string[] {
  const out = new Set<string>();
  for (const rel of changed) {
    const file = rel.replace(/\.(br|gz)$/, '');
    if (file.startsWith('builds/meta/') || file === 'builds/sync-manifest.json') continue;
    if (file === 'index.html') {
      out.add('/');
      out.add('/index.html');
    } else if (file.endsWith('/index.html')) {
      const dir = `/${file.slice(0, -'/index.html'.length)}`;
      out.add(dir);
      out.add(`${dir}/`);
      out.add(`/${file}`);
    } else {
      out.add(`/${file}`);
    }
  }
  return [...out].sort();
}

/** The surrogate key of a URL path (Fastly: keys are space-separated tokens). */
export function surrogateKey(path: string): string {
  return `p:${encodeURI(path)}`;
}

/** The tenant-wide surrogate key every object of the tenant carries. */
export const tenantSurrogateKey = (tenant: string) => `masthead-${tenant}`;

/** The surrogate keys of an object: its URL paths' and the tenant's. */
export function surrogateKeysFor(tenant: string, rel: string): string {
  return [...purgePaths([rel]).map(surrogateKey), tenantSurrogateKey(tenant)].join(' ');
}

function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function call(url: string, init: RequestInit, what: string): Promise<void> {
  const r = await fetch(url, init);
  if (!r.ok) throw new Error(`${what}: ${r.status} ${r.statusText} ${(await r.text()).slice(0, 300)}`);
}

export interface CloudflareSettings { zoneId: string; apiToken: string; apiUrl?: string }

export function cloudflarePurger(s: CloudflareSettings): CdnPurger {
  const api = (s.apiUrl ?? 'https://api.cloudflare.com/client/v4').replace(/\/$/, '');
  const send = (body: unknown) => call(`${api}/zones/${encodeURIComponent(s.zoneId)}/purge_cache`, {
    method: 'POST', headers: { authorization: `Bearer ${s.apiToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  }, 'Cloudflare purge');
  return {
    service: 'cloudflare',
    async purge(req) {
      const paths = purgePaths(req.changed);
      if (req.everything || paths.length > MAX_PATHS) {
        await send({ hosts: [new URL(req.origin).host] });
        return { service: 'cloudflare', requests: 1, urls: 0, everything: true };
      }
      const parts = batches(paths.map((p) => req.origin + p), 30);
      for (const files of parts) await send({ files });
      return { service: 'cloudflare', requests: parts.length, urls: paths.length, everything: false };
    },
  };
}

export interface FastlySettings { serviceId: string; apiToken: string; apiUrl?: string }

export function fastlyPurger(s: FastlySettings): CdnPurger {
  const api = (s.apiUrl ?? 'https://api.fastly.com').replace(/\/$/, '');
  const send = (keys: string[]) => call(`${api}/service/${encodeURIComponent(s.serviceId)}/purge`, {
    method: 'POST', headers: { 'fastly-key': s.apiToken, 'surrogate-key': keys.join(' '), accept: 'application/json' },
  }, 'Fastly purge');
  return {
    service: 'fastly',
    async purge(req) {
      const paths = purgePaths(req.changed);
      if (req.everything || paths.length > MAX_PATHS) {
        await send([tenantSurrogateKey(req.tenant)]);
        return { service: 'fastly', requests: 1, urls: 0, everything: true };
      }
      const parts = batches(paths.map(surrogateKey), 256);
      for (const keys of parts) await send(keys);
      return { service: 'fastly', requests: parts.length, urls: paths.length, everything: false };
    },
  };
}

export interface CloudFrontSettings {
  /** Distribution id per tenant key, "*" for every tenant. */
  distributions: Record<string, string>;
  connection: { region: string; credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } };
  /** AWS_ENDPOINT_URL_CLOUDFRONT: another endpoint (tests). */
  endpoint?: string;
}

export function cloudFrontPurger(s: CloudFrontSettings): CdnPurger {
  const client = new CloudFrontClient({
    region: s.connection.region, ...(s.connection.credentials ? { credentials: s.connection.credentials } : {}), ...(s.endpoint ? { endpoint: s.endpoint } : {}),
  });
  return {
    service: 'cloudfront',
    async purge(req) {
      const id = s.distributions[req.tenant] ?? s.distributions['*'];
      if (!id) return { service: 'cloudfront', requests: 0, urls: 0, everything: false };
      const paths = purgePaths(req.changed);
      const everything = req.everything || paths.length > MAX_PATHS;
      const items = everything ? ['/*'] : paths.map((p) => encodeURI(p));
      if (!items.length) return { service: 'cloudfront', requests: 0, urls: 0, everything };
      await client.send(new CreateInvalidationCommand({
        DistributionId: id,
        InvalidationBatch: { CallerReference: `masthead-${req.tenant}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, Paths: { Quantity: items.length, Items: items } },
      }));
      return { service: 'cloudfront', requests: 1, urls: everything ? 0 : paths.length, everything };
    },
  };
}
