// What operations get: the store, the clock, caches, limiters and the injected hooks. Built once
// per app (or per CLI command) by `createServices`; nothing here reads files or the environment.
import type { MediaStore } from '../../assets/media-store';
import type { Db, Store } from '../../store/connection';
import { resolveLifetimes, type Lifetimes } from './lifetimes';
import type { LimitRule } from './rate-limit';
import { memorySharedState, type Limiter, type SharedState } from './shared-state';
import { TenantDirectory } from './tenancy';
import { ContentCache } from './content-cache';
import { MEMBER_SESSIONS_ENTITY, MemberCache } from './member-cache';
import { SiteCache } from './site-cache';
import { ResponseCache } from './response-cache';
import type { MemberOptions } from './member-options';
import { CrawlerVerifier, type CrawlerVerifierOptions } from '../crawlers';
import { AudienceDirectory, type AudienceOptions } from '../../audience/resilient';

/** What changed, for the rebuild queue: the entity kind, the action and the ids. */
export interface ChangeEvent {
  entity: 'content' | 'section' | 'layout' | 'menu' | 'redirect' | 'settings' | 'adUnitPattern' | 'adUnit' | 'houseAd' | 'newsletter' | 'magazine' | 'membership' | 'person' | 'taxonomy' | 'asset' | 'full';
  action: 'create' | 'update' | 'delete';
  ids: (number | string)[];
  /** Canonical paths affected (content: before and after), when known. */
  paths?: string[];
}
/** `staged`: the change's rebuild request was already stored on the edit's transaction (`stageChange`); only its wake-up is left. */
export type OnChange = (tenantKey: string, change: ChangeEvent, staged?: boolean) => void | Promise<void>;
/** Stores a change's rebuild request on the edit's own transaction (the rebuild queue's `stage`). */
export type StageChange = (tx: Db, tenantKey: string, change: ChangeEvent) => Promise<void>;

/** A staff e-mail the API asks to be sent (password reset or invite). The token is in `link`. */
export interface StaffMessage {
  kind: 'reset' | 'invite';
  to: string;
  username: string;
  link: string;
  expiresAt: number;
}
export type StaffMailer = (message: StaffMessage) => void | Promise<void>;

export interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export type { Lifetimes } from './lifetimes';

export interface LimitRules {
  loginPerIp: LimitRule;
  loginPerUsername: LimitRule;
  resetPerIp: LimitRule;
  resetPerEmail: LimitRule;
}

export interface ServiceOptions {
  store: Store;
  onChange?: OnChange;
  /** With a rebuild queue: `commit` stores each change's rebuild request in the edit's transaction. */
  stageChange?: StageChange;
  mailer?: StaffMailer;
  now?: () => number;
  log?: Logger;
  lifetimes?: Partial<Lifetimes>;
  limits?: Partial<LimitRules>;
  /** How long tenant and site-structure reads are cached (default 5000 ms; 0 turns caching off). */
  cacheTtlMs?: number;
  /** How long whole answers to anonymous public reads are kept (default: cacheTtlMs; 0 turns it off). */
  responseCacheTtlMs?: number;
  /** Base URL of the admin for links in staff e-mails (default "/admin"). */
  adminUrl?: string;
  /** Site members: the mailer for their links, link origins, lifetimes and limits (api/members/options.ts). */
  members?: MemberOptions;
  /**
   * What several API instances share (limits, the license cache, cache invalidations): Redis when
   * configured (engine/services/kernel/shared-state.ts), else this process's memory. The caller owns it (closes it).
   */
  shared?: SharedState;
  /** Search-engine crawler verification: the DNS resolver, timeout, cache TTLs and size (engine/services/crawlers/verify.ts). */
  crawlers?: CrawlerVerifierOptions;
  /** Media library: the folder of uploaded files (one sub-folder per tenant) and the upload size limit. */
  assets?: Partial<AssetOptions>;
  /** The audience provider (engine/audience): app ids from cli/, the fake, a base URL for tests. */
  audience?: AudienceOptions;
}

/** `store`: the media library on object storage (MASTHEAD_MEDIA_URL); absent, the files are in `dir`. */
export interface AssetOptions { dir: string; maxBytes: number; store?: MediaStore | null }
export const DEFAULT_ASSET_MAX_BYTES = 25 * 1024 * 1024;

export interface Services {
  store: Store;
  now: () => number;
  log: Logger;
  lifetimes: Lifetimes;
  limiters: { loginIp: Limiter; loginUser: Limiter; resetIp: Limiter; resetEmail: Limiter };
  /** Limits, the license cache and invalidations shared with the other instances (memory: none). */
  shared: SharedState;
  tenants: TenantDirectory;
  site: SiteCache;
  /** Published items and each tenant's memberships for the public reads (getContent, getGatedContent). */
  content: ContentCache;
  /** Signed-in members' sessions and memberships for gated reads (api/members/member-cache.ts). */
  memberCache: MemberCache;
  responses: ResponseCache;
  adminUrl: string;
  members: MemberOptions;
  /** Media library storage and limits (api/assets). */
  assets: AssetOptions;
  /** Verifies a claimed search-engine crawler by reverse and forward DNS (cached). */
  crawlers: CrawlerVerifier;
  /** Each tenant's audience provider (Omeda or the fake) with its outage fallback. */
  audience: AudienceDirectory;
  /** Stores a change's rebuild request on the edit's transaction, when a rebuild queue is attached (engine/services/kernel/operation.ts `commit`). */
  stageChange?: StageChange;
  /**
   * Calls the injected hook after a committed change; a failing hook is logged, never thrown.
   * `staged`: the rebuild request was stored with the change (`stageChange`), so a failing hook
   * loses no edit: the queue catches its request up.
   */
  changed(tenantKey: string, change: ChangeEvent, staged?: boolean): Promise<void>;
  /**
   * After a member's own committed write that ends sessions (logout, password change): drops the
   * tenant's member facts here and in the other instances. Never throws.
   */
  memberSessionsChanged(tenantKey: string): Promise<void>;
  /** Stops applying other instances' invalidations (the app is closing). */
  detach(): void;
  /** Hands a staff e-mail to the mailer after the current request's work (timing stays uniform). */
  mail(message: StaffMessage): void;
}

const HOUR = 3_600_000;
export const DEFAULT_LIMITS: LimitRules = {
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  loginPerUsername: { max: 5, windowMs: 15 * 60_000 },
  resetPerIp: { max: 10, windowMs: HOUR },
  resetPerEmail: { max: 3, windowMs: HOUR },
};

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

export function createServices(o: ServiceOptions): Services {
  const now = o.now ?? Date.now;
  const log = o.log ?? silent;
  const limits = { ...DEFAULT_LIMITS, ...o.limits };
  const ttl = o.cacheTtlMs ?? 5000;
  const tenants = new TenantDirectory(o.store, ttl, now);
  const site = new SiteCache(o.store, ttl, now);
  const content = new ContentCache(o.store, ttl, now);
  const memberCache = new MemberCache(o.store, ttl, now);
  const responses = new ResponseCache(o.responseCacheTtlMs ?? ttl, now);
  const shared = o.shared ?? memorySharedState();
  // What a committed change makes stale here; another instance's change arrives through `shared`.
  const invalidate = (tenantKey: string, entity: string) => {
    memberCache.invalidate(tenantKey);
    // A member's own write changes no content, site or public answer.
    if (entity === MEMBER_SESSIONS_ENTITY) return;
    site.invalidate(tenantKey);
    content.invalidate(tenantKey);
    responses.clear();
    if (entity === 'settings') tenants.invalidate();
  };
  const detach = shared.onInvalidate((m) => invalidate(m.tenantKey, m.entity));
  return {
    store: o.store,
    now,
    log,
    lifetimes: resolveLifetimes(o.lifetimes),
    limiters: {
      loginIp: shared.limiter('staff-login-ip', limits.loginPerIp, now),
      loginUser: shared.limiter('staff-login-user', limits.loginPerUsername, now),
      resetIp: shared.limiter('staff-reset-ip', limits.resetPerIp, now),
      resetEmail: shared.limiter('staff-reset-email', limits.resetPerEmail, now),
    },
    shared,
    detach,
    tenants,
    site,
    content,
    memberCache,
    responses,
    adminUrl: (o.adminUrl ?? '/admin').replace(/\/+$/, ''),
    members: o.members ?? {},
    assets: { dir: o.assets?.dir ?? './data/assets', maxBytes: o.assets?.maxBytes ?? DEFAULT_ASSET_MAX_BYTES, store: o.assets?.store ?? null },
    crawlers: new CrawlerVerifier({ now, ...o.crawlers }),
    audience: new AudienceDirectory(o.audience ?? {}, now, log),
    stageChange: o.stageChange,
    async changed(tenantKey, change, staged = false) {
      invalidate(tenantKey, change.entity);
      try {
        await shared.publish({ tenantKey, entity: change.entity });
      } catch (error) {
        log.error({ err: error, tenantKey }, 'invalidation not published to the other instances');
      }
      try {
        await o.onChange?.(tenantKey, change, staged);
      } catch (error) {
        log.error({ err: error, tenantKey, change }, 'onChange hook failed');
      }
    },
    async memberSessionsChanged(tenantKey) {
      memberCache.invalidate(tenantKey);
      try {
        await shared.publish({ tenantKey, entity: MEMBER_SESSIONS_ENTITY });
      } catch (error) {
        log.error({ err: error, tenantKey }, 'member session change not published to the other instances');
      }
    },
    mail(message) {
      if (!o.mailer) {
        log.warn({ kind: message.kind }, 'staff mail not sent: no mailer configured');
        return;
      }
      setImmediate(() => {
        Promise.resolve()
          .then(() => o.mailer!(message))
          .catch((error: unknown) => log.error({ err: error, kind: message.kind }, 'staff mail failed'));
      });
    },
  };
}
