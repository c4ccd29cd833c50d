// Every setting of Masthead in one zod schema, with the environment variable, flag, default and
// description of each. `resolveSettings` reads them once (flags over the environment over the
// defaults) and freezes the result; only cli/ calls it. A bad value is refused with the variable
// (or flag) it came from named.
import { isIP } from 'node:net';
import { z } from 'zod';
import { SettingsError } from './errors';
import { FOLDER_MESSAGE, isUrlShaped, OUT_MESSAGE, parseS3Url } from './storage';

const text = z.string().trim().min(1, 'must not be empty');
/** Environment values arrive as text; flags may arrive parsed. Each converter leaves what it cannot read to the check after it. */
const fromText = (read: (s: string) => unknown) => (v: unknown) => (typeof v === 'string' ? read(v.trim()) : v);
const whole = (min: number, max: number) => z.preprocess(fromText((s) => (/^\d+$/.test(s) ? Number(s) : s)),
  z.number('must be a whole number').int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
const fraction = z.preprocess(fromText((s) => (/^\d*\.?\d+$/.test(s) ? Number(s) : s)),
  z.number('must be a number from 0 to 1').min(0, 'must be from 0 to 1').max(1, 'must be from 0 to 1'));
const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];
const flag = z.preprocess(fromText((s) => (TRUE.includes(s.toLowerCase()) ? true : FALSE.includes(s.toLowerCase()) ? false : s)),
  z.boolean('must be true or false (1/0, yes/no, on/off)'));
const list = (item: z.ZodType<string, string>) => z.preprocess(fromText((s) => s.split(',').map((x) => x.trim()).filter(Boolean)), z.array(item, 'must be a comma-separated list'));
const origin = z.string().refine((s) => {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === s.replace(/\/$/, '');
  } catch {
    return false;
  }
}, 'must be a list of origins like https://www.example.com (scheme, host and port only)');
/** An IP address or CIDR range, or one of Fastify's names for the local ranges. */
const proxy = z.string().refine((s) => ['loopback', 'linklocal', 'uniquelocal'].includes(s) || isIP(s.split('/')[0] ?? '') !== 0 && /^[^/]+(\/\d{1,3})?$/.test(s),
  'must be a list of IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal)');
const template = text.refine((s) => /^https?:\/\//.test(s) && (s.includes('{key}') || s.includes('{domain}')), 'must be an http(s) origin with {key} or {domain}');
const secret = (min: number) => z.string().trim().min(min, `must have at least ${min} characters`);
/** Script sources per tenant key ("*" for every tenant): the CSP allow-list for tag managers and ad scripts. */
const scriptSource = z.string().regex(/^(https:\/\/[a-z0-9.*-]+(:\d+)?(\/[^\s;,']*)?|'sha(256|384|512)-[A-Za-z0-9+/=]+')$/i,
  'must be https:// sources or \'sha256-…\' hashes');
const SCRIPT_SOURCES_FORMAT = 'must be JSON like {"*": ["https://www.googletagmanager.com"], "<tenantKey>": […]}';
const scriptSources = z.preprocess(fromText((s) => {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return s;
  }
}), z.record(z.string().regex(/^(\*|[a-z0-9][a-z0-9_-]*)$/, 'keys must be tenant keys or *'), z.array(scriptSource, SCRIPT_SOURCES_FORMAT), SCRIPT_SOURCES_FORMAT));

/** A SQLite file path or a postgres:// URL. Any other URL (mysql://, file://…) is refused rather than taken as a folder name. */
const sqlitePath = text.refine((s) => !/^[a-z][a-z0-9+.-]*:/i.test(s) || /^[a-z]:[\\/]/i.test(s) || /^postgres(ql)?:\/\/[^/\s]+\/\S+$/i.test(s),
  'must be a SQLite file path or a postgres://user@host:5432/database URL');

/** A local folder: a URL-shaped value (s3://, https://, file://) is refused rather than taken as a folder name. */
const folder = text.refine((s) => !isUrlShaped(s), FOLDER_MESSAGE);
/** The build output: a local folder or an S3-compatible bucket (storage.ts). */
const outTarget = text.refine((s) => !isUrlShaped(s) || parseS3Url(s) !== null, OUT_MESSAGE);
/** The media library's bucket: s3://bucket/prefix only (storage.ts). */
const mediaUrl = text.refine((s) => parseS3Url(s) !== null, 'must be an s3://bucket/prefix URL (S3-compatible storage, the AWS_* settings)');
/** Where the CDN serves the media bucket's public area: an absolute http(s) URL, a path allowed, no query. */
const publicBaseUrl = z.string().trim().regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an absolute http(s):// URL like https://media.example.com (a path allowed, no query)');
const httpUrl = z.string().trim().regex(/^https?:\/\/[^\s/]+\/?$/, 'must be an http(s):// endpoint like https://<account>.r2.cloudflarestorage.com (no path)');

const apiUrl = z.string().trim().regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http(s):// URL');
/** CloudFront distribution ids per tenant key ("*" for every tenant), or one id for all. */
const distributions = z.preprocess(fromText((s) => {
  if (/^[A-Z0-9]+$/.test(s)) return { '*': s };
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return s;
  }
}), z.record(z.string().regex(/^(\*|[a-z0-9][a-z0-9_-]*)$/, 'keys must be tenant keys or *'), z.string().regex(/^[A-Z0-9]+$/, 'must be distribution ids like E2QWRUHAPOMQZL'),
  'must be a distribution id or JSON like {"*": "E2QWRUHAPOMQZL", "<tenantKey>": "…"}'));

/** Omeda app ids (x-omeda-appid) per tenant key ("*" for every tenant), or one id for all. */
const omedaAppIds = z.preprocess(fromText((s) => {
  if (!s.startsWith('{')) return { '*': s };
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return s;
  }
}), z.record(z.string().regex(/^(\*|[a-z0-9][a-z0-9_-]*)$/, 'keys must be tenant keys or *'), z.string().regex(/^[A-Za-z0-9-]{8,100}$/, 'must be an Omeda app id (letters, digits and -)'),
  'must be an Omeda app id or JSON like {"*": "…", "<tenantKey>": "…"}'));

/** sourceesb parts API tokens per tenant key ("*" for every tenant), or one token for all. */
const sourceesbTokens = z.preprocess(fromText((s) => {
  if (!s.startsWith('{')) return { '*': s };
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return s;
  }
}), z.record(z.string().regex(/^(\*|[a-z0-9][a-z0-9_-]*)$/, 'keys must be tenant keys or *'), z.string().regex(/^[\x21-\x7e]{8,512}$/, 'must be a token of 8 to 512 visible characters, no spaces'),
  'must be a token or JSON like {"*": "…", "<tenantKey>": "…"}'));

export const settingsSchema = z.object({
  db: sqlitePath,
  mode: z.enum(['production', 'development'], 'must be production or development'),
  port: whole(1, 65535),
  host: text,
  outDir: outTarget,
  originTemplate: template.optional(),
  workers: whole(1, 256).optional(),
  workerBundle: flag,
  smtpUrl: z.string().trim().regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL').optional(),
  mailFrom: text,
  outbox: folder,
  unsubscribeSecret: secret(16).optional(),
  dkimDomain: text.optional(),
  dkimSelector: text.optional(),
  dkimKeyFile: text.optional(),
  captcha: z.enum(['required', 'off'], 'must be required or off'),
  recaptchaSecret: secret(8).optional(),
  recaptchaMinScore: fraction,
  allowedOrigins: list(origin),
  trustedProxies: list(proxy),
  crawlerVerifiedTtlSeconds: whole(0, 30 * 86_400),
  crawlerRejectedTtlSeconds: whole(0, 30 * 86_400),
  cspScriptSources: scriptSources,
  eventRetentionDays: whole(1, 3650),
  eventRollupMinutes: whole(0, 24 * 60),
  feedRefreshMinutes: whole(0, 24 * 60),
  scheduledSendMinutes: whole(0, 24 * 60),
  assetsDir: text.refine((s) => !isUrlShaped(s), `${FOLDER_MESSAGE}; the media library on S3-compatible storage is MASTHEAD_MEDIA_URL=s3://bucket/prefix`),
  mediaUrl: mediaUrl.optional(),
  mediaPublicUrl: publicBaseUrl.optional(),
  assetMaxBytes: whole(1024, 2 ** 31),
  chromiumPath: text,
  redisUrl: z.string().trim().regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL').optional(),
  s3Staging: folder,
  servePages: z.enum(['staging', 'bucket'], 'must be staging or bucket'),
  bucketCacheMb: whole(1, 65536),
  bucketRevalidateMs: whole(100, 3_600_000),
  awsRegion: z.string().trim().regex(/^[a-z0-9-]+$/, 'must be a region name like us-east-1 (auto for R2)'),
  awsEndpointUrlS3: httpUrl.optional(),
  s3ForcePathStyle: flag,
  awsAccessKeyId: text.optional(),
  awsSecretAccessKey: text.optional(),
  awsSessionToken: text.optional(),
  cdnPurge: z.enum(['none', 'cloudflare', 'fastly', 'cloudfront'], 'must be none, cloudflare, fastly or cloudfront'),
  cdnApiUrl: apiUrl.optional(),
  cloudflareZoneId: text.optional(),
  cloudflareApiToken: text.optional(),
  fastlyServiceId: text.optional(),
  fastlyApiToken: text.optional(),
  cloudfrontDistributions: distributions.optional(),
  awsEndpointUrlCloudfront: httpUrl.optional(),
  omedaAppIds: omedaAppIds.optional(),
  omedaBaseUrl: apiUrl.optional(),
  sourceesbTokens: sourceesbTokens.optional(),
  assistantUrl: apiUrl.optional(),
  assistantModel: z.string().trim().regex(/^[\w.:/-]{1,100}$/, 'must be a model name of letters, digits, _ . : / or -').optional(),
  assistantKey: text.optional(),
});

export type Settings = Readonly<z.output<typeof settingsSchema>>;
export type SettingName = keyof Settings;

export interface SettingMeta {
  env: string;
  flag?: string;
  /** The default as written in the environment (absent: unset). */
  default?: string;
  secret?: boolean;
  description: string;
}

export const SETTINGS: Record<SettingName, SettingMeta> = {
  db: { env: 'MASTHEAD_DB', flag: '--db', default: './data/masthead.sqlite', description: 'SQLite database file, or a postgres:// URL (PostgreSQL store)' },
  mode: { env: 'MASTHEAD_MODE', flag: '--mode', default: 'production', description: 'serve: production runs only registered GraphQL documents and requires a captcha' },
  port: { env: 'MASTHEAD_PORT', flag: '--port', default: '4000', description: 'serve and demo: port to listen on' },
  host: { env: 'MASTHEAD_HOST', flag: '--host', default: '127.0.0.1', description: 'serve: address to bind' },
  outDir: { env: 'MASTHEAD_OUT', flag: '--out', default: './out', description: 'build output folder, or s3://bucket/prefix: masthead build and serve publish to S3-compatible storage (AWS_* settings)' },
  originTemplate: { env: 'MASTHEAD_ORIGIN_TEMPLATE', flag: '--origin-template', description: 'absolute origin of each tenant, with {key} and {domain} (default: serve http://{key}.localhost:<port>, build https://{domain})' },
  workers: { env: 'MASTHEAD_WORKERS', flag: '--workers', description: 'build: render worker threads (default one per core)' },
  workerBundle: { env: 'MASTHEAD_WORKER_BUNDLE', default: 'true', description: 'render workers start from the esbuild bundle (false: TypeScript sources through tsx)' },
  smtpUrl: { env: 'MASTHEAD_SMTP_URL', secret: true, description: 'send mail through this SMTP server (otherwise .eml files in the outbox)' },
  mailFrom: { env: 'MASTHEAD_MAIL_FROM', default: 'Masthead <no-reply@masthead.localhost>', description: 'default sender of mail' },
  outbox: { env: 'MASTHEAD_OUTBOX', default: './data/outbox', description: 'folder of .eml files when no SMTP server is set' },
  unsubscribeSecret: { env: 'MASTHEAD_UNSUBSCRIBE_SECRET', secret: true, description: 'signs one-click unsubscribe links (at least 16 characters; required with SMTP and by serve in production)' },
  dkimDomain: { env: 'MASTHEAD_DKIM_DOMAIN', description: 'DKIM signing domain (with selector and key file)' },
  dkimSelector: { env: 'MASTHEAD_DKIM_SELECTOR', description: 'DKIM selector' },
  dkimKeyFile: { env: 'MASTHEAD_DKIM_KEY_FILE', description: 'DKIM private key file (PEM)' },
  captcha: { env: 'MASTHEAD_CAPTCHA', flag: '--no-captcha', default: 'required', description: 'off lets anonymous forms run without a captcha in production (a warning at start and in the admin)' },
  recaptchaSecret: { env: 'MASTHEAD_RECAPTCHA_SECRET', secret: true, description: 'reCAPTCHA v3 secret: checks subscribe, registration, login and reset tokens' },
  recaptchaMinScore: { env: 'MASTHEAD_RECAPTCHA_MIN_SCORE', default: '0.5', description: 'reCAPTCHA v3 scores below this fail' },
  allowedOrigins: { env: 'MASTHEAD_ALLOWED_ORIGINS', default: '', description: 'comma-separated origins besides the site\'s own allowed to send cookie-authenticated mutations' },
  trustedProxies: { env: 'MASTHEAD_TRUSTED_PROXIES', default: '', description: 'comma-separated proxy addresses or CIDR ranges whose X-Forwarded-For/-Proto are believed' },
  crawlerVerifiedTtlSeconds: { env: 'MASTHEAD_CRAWLER_VERIFIED_TTL', default: '86400', description: 'seconds a verified crawler address is remembered' },
  crawlerRejectedTtlSeconds: { env: 'MASTHEAD_CRAWLER_REJECTED_TTL', default: '3600', description: 'seconds a failed crawler verification is remembered' },
  cspScriptSources: { env: 'MASTHEAD_CSP_SCRIPT_SOURCES', default: '{}', description: 'JSON: extra script sources per tenant key ("*" for all), e.g. {"*":["https://www.googletagmanager.com"]}' },
  eventRetentionDays: { env: 'MASTHEAD_EVENT_RETENTION_DAYS', default: '90', description: 'days raw tracking events are kept (rollups are kept)' },
  eventRollupMinutes: { env: 'MASTHEAD_EVENT_ROLLUP_MINUTES', default: '15', description: 'minutes between event rollups in masthead serve (0: off; run masthead events rollup)' },
  feedRefreshMinutes: { env: 'MASTHEAD_FEED_REFRESH_MINUTES', default: '15', description: 'minutes between masthead serve\'s refreshes of remote RSS feeds, YouTube playlists and sourceesb parts catalogues; a tenant whose copy changed is rebuilt (0: off; masthead build refreshes them)' },
  scheduledSendMinutes: { env: 'MASTHEAD_SCHEDULED_SEND_MINUTES', default: '1', description: 'minutes between masthead serve\'s checks for Scheduled newsletter campaigns whose deployment date has come, which it then deploys (0: off; masthead newsletter send deploys one)' },
  assetsDir: { env: 'MASTHEAD_ASSETS_DIR', default: './data/assets', description: 'media library: uploaded originals and derivatives, one folder per tenant (unless MASTHEAD_MEDIA_URL is set)' },
  mediaUrl: { env: 'MASTHEAD_MEDIA_URL', description: 'media library on S3-compatible storage, s3://bucket/prefix (the AWS_* settings): originals under <prefix>/originals/ (private), derivatives under <prefix>/public/ (the CDN\'s); needs MASTHEAD_MEDIA_PUBLIC_URL' },
  mediaPublicUrl: { env: 'MASTHEAD_MEDIA_PUBLIC_URL', description: 'with MASTHEAD_MEDIA_URL: the CDN URL of the bucket\'s <prefix>/public/ area; pages show images from <url>/<tenantKey>/<file> instead of copies in every build' },
  chromiumPath: { env: 'CHROMIUM_PATH', default: '/usr/bin/chromium', description: 'serve: the Chromium that page speed runs (Lighthouse) start' },
  assetMaxBytes: { env: 'MASTHEAD_ASSET_MAX_BYTES', default: String(25 * 1024 * 1024), description: 'media library: largest upload in bytes (default 25 MB)' },
  redisUrl: { env: 'MASTHEAD_REDIS_URL', secret: true, description: 'serve: share login limits, lockouts, the license cache and cache invalidations with the other instances through this Redis (default: this process only)' },
  s3Staging: { env: 'MASTHEAD_S3_STAGING', default: './data/s3-staging', description: 'build and serve with an s3:// out: local folder the sites are built in before upload, one per bucket and prefix (kept: the next build is incremental)' },
  servePages: { env: 'MASTHEAD_SERVE_PAGES', default: 'staging', description: 'serve with an s3:// out: read the sites from the staging folder (staging: one instance) or from the bucket\'s live build (bucket: several instances, no shared disk)' },
  bucketCacheMb: { env: 'MASTHEAD_BUCKET_CACHE_MB', default: '64', description: 'serve with MASTHEAD_SERVE_PAGES=bucket: megabytes of objects read from the bucket kept in memory (least recently used leave first)' },
  bucketRevalidateMs: { env: 'MASTHEAD_BUCKET_REVALIDATE_MS', default: '2000', description: 'serve with MASTHEAD_SERVE_PAGES=bucket: how often each site\'s builds/latest.json is read again (a new build drops its cached objects); at once after this instance publishes' },
  awsRegion: { env: 'AWS_REGION', default: 'us-east-1', description: 'S3 publishing: the bucket\'s region (auto for Cloudflare R2)' },
  awsEndpointUrlS3: { env: 'AWS_ENDPOINT_URL_S3', description: 'S3 publishing: endpoint of an S3-compatible service (R2, MinIO…); default AWS S3' },
  s3ForcePathStyle: { env: 'MASTHEAD_S3_FORCE_PATH_STYLE', default: 'false', description: 'S3 publishing: path-style addressing (endpoint/bucket/key), which most self-hosted servers need' },
  awsAccessKeyId: { env: 'AWS_ACCESS_KEY_ID', secret: true, description: 'S3 publishing: access key (default: the AWS SDK\'s chain — profile, instance or task role)' },
  awsSecretAccessKey: { env: 'AWS_SECRET_ACCESS_KEY', secret: true, description: 'S3 publishing: secret key, with AWS_ACCESS_KEY_ID' },
  awsSessionToken: { env: 'AWS_SESSION_TOKEN', secret: true, description: 'S3 publishing: session token of temporary credentials' },
  cdnPurge: { env: 'MASTHEAD_CDN_PURGE', default: 'none', description: 'S3 publishing: after each tenant\'s upload, purge the changed URLs (the whole tenant after a full build) on cloudflare, fastly or cloudfront' },
  cdnApiUrl: { env: 'MASTHEAD_CDN_API_URL', description: 'CDN purge: another API origin for Cloudflare or Fastly (a proxy, tests); default the service\'s own' },
  cloudflareZoneId: { env: 'MASTHEAD_CLOUDFLARE_ZONE_ID', description: 'CDN purge on Cloudflare: the zone id' },
  cloudflareApiToken: { env: 'MASTHEAD_CLOUDFLARE_API_TOKEN', secret: true, description: 'CDN purge on Cloudflare: an API token with Cache Purge permission' },
  fastlyServiceId: { env: 'MASTHEAD_FASTLY_SERVICE_ID', description: 'CDN purge on Fastly: the service id (objects carry x-amz-meta-surrogate-key)' },
  fastlyApiToken: { env: 'MASTHEAD_FASTLY_API_TOKEN', secret: true, description: 'CDN purge on Fastly: an API token with purge_select scope' },
  cloudfrontDistributions: { env: 'MASTHEAD_CLOUDFRONT_DISTRIBUTIONS', description: 'CDN purge on CloudFront: a distribution id, or JSON {"*": id, "<tenantKey>": id}' },
  awsEndpointUrlCloudfront: { env: 'AWS_ENDPOINT_URL_CLOUDFRONT', description: 'CDN purge on CloudFront: another endpoint (tests)' },
  omedaAppIds: { env: 'MASTHEAD_OMEDA_APP_ID', secret: true, description: 'audience provider: the Omeda x-omeda-appid of tenants whose settings.audience.provider is omeda; one id, or JSON {"*": id, "<tenantKey>": id}' },
  omedaBaseUrl: { env: 'MASTHEAD_OMEDA_BASE_URL', description: 'audience provider: another Omeda web-services base URL (default https://ows.omeda.com/webservices/rest, staging per tenant setting)' },
  sourceesbTokens: { env: 'MASTHEAD_SOURCEESB_TOKEN', secret: true, description: 'sourceesb parts directory: the bearer token the build sends to the parts API of tenants whose settings.sourceesb.apiBaseUrl is set; one token, or JSON {"*": token, "<tenantKey>": token}' },
  assistantUrl: { env: 'MASTHEAD_ASSISTANT_URL', description: 'assistant (/admin/openai): the OpenAI-compatible chat-completions address, e.g. https://api.openai.com/v1/chat/completions, an Azure OpenAI deployment\'s …/chat/completions?api-version=…, or a self-hosted server\'s; with the model, turns the assistant on (a site\'s settings may name its own)' },
  assistantModel: { env: 'MASTHEAD_ASSISTANT_MODEL', description: 'assistant: the model (Azure: the deployment) asked' },
  assistantKey: { env: 'MASTHEAD_ASSISTANT_KEY', secret: true, description: 'assistant: the provider\'s API key (sent as a bearer token; to Azure OpenAI as api-key)' },
};

export { SettingsError };

/** Values given on the command line, by setting name (commander's parsed values or strings). */
export type SettingFlags = Partial<Record<SettingName, unknown>>;

/**
 * Flags over the environment over the defaults; an empty variable counts as unset. Throws a
 * SettingsError naming the variable or flag of the first bad value.
 */
export function resolveSettings(flags: SettingFlags, env: NodeJS.ProcessEnv): Settings {
  const raw: Record<string, unknown> = {};
  const from: Record<string, string> = {};
  for (const [name, meta] of Object.entries(SETTINGS) as [SettingName, SettingMeta][]) {
    const fromEnv = env[meta.env]?.trim() ? env[meta.env] : undefined;
    if (flags[name] !== undefined) {
      raw[name] = flags[name];
      from[name] = meta.flag ?? meta.env;
    } else {
      raw[name] = fromEnv ?? meta.default;
      from[name] = fromEnv !== undefined ? meta.env : `the default of ${meta.env}`;
    }
  }
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    const shown = SETTINGS[name as SettingName]?.secret ? '' : ` (got ${JSON.stringify(raw[name])})`;
    throw new SettingsError(`${from[name] ?? name}: ${issue.message}${shown}`);
  }
  return deepFreeze(parsed.data);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
