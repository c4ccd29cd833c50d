// Which tenant a request is for, and that tenant's route rules. Tenants are the folders (symlinks
// to published builds) under the output folder; rules come from builds/meta/<latest>.json and are
// re-read whenever builds/latest.json changes, so a new build is served without a restart.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteRules } from '../../engine/build/index';

export const TENANT_KEY = /^[a-z][a-z0-9_]{1,31}$/;
const LIST_TTL_MS = 1000;

export interface TenantState { key: string; root: string; buildId: string | null; rules: RouteRules }

export class TenantDirectory {
  readonly #outDir: string;
  readonly #hosts: Map<string, string>;
  #keys: string[] = [];
  #listedAt = -Infinity;
  readonly #rules = new Map<string, { stamp: string; buildId: string | null; rules: RouteRules }>();

  constructor(outDir: string, hosts: Record<string, string> = {}) {
    this.#outDir = outDir;
    this.#hosts = new Map(Object.entries(hosts).map(([h, k]) => [h.toLowerCase(), k]));
  }

  /** Tenant keys with a published build, sorted (the first one answers for localhost). */
  keys(): string[] {
    const now = performance.now();
    if (now - this.#listedAt < LIST_TTL_MS) return this.#keys;
    this.#listedAt = now;
    let names: string[] = [];
    try { names = readdirSync(this.#outDir); } catch { names = []; }
    this.#keys = names.filter((n) => TENANT_KEY.test(n) && isFile(join(this.#outDir, n, 'builds', 'latest.json'))).sort();
    return this.#keys;
  }

  /** <key>.localhost → key; localhost and loopback addresses → the first tenant; configured hosts. */
  keyForHost(hostname: string): string | null {
    return keyForHostIn(this.keys(), this.#hosts, hostname);
  }

  /** The tenant's root folder and current route rules. */
  state(key: string): TenantState {
    const root = join(this.#outDir, key);
    const latestPath = join(root, 'builds', 'latest.json');
    let stamp = '';
    try {
      const st = statSync(latestPath);
      stamp = `${st.ino}:${st.mtimeMs}`;
    } catch { /* no build */ }
    let cached = this.#rules.get(key);
    if (!cached || cached.stamp !== stamp) {
      cached = { stamp, ...readRules(root) };
      this.#rules.set(key, cached);
    }
    return { key, root, buildId: cached.buildId, rules: cached.rules };
  }
}

/** The tenant of a Host among `keys`: a configured host, <key>.localhost, or the first tenant for localhost and loopback addresses. */
export function keyForHostIn(keys: readonly string[], hosts: ReadonlyMap<string, string>, hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const mapped = hosts.get(host);
  if (mapped && keys.includes(mapped)) return mapped;
  if (host === 'localhost' || host === '127.0.0.1' || host === '::1' || host === '[::1]') return keys[0] ?? null;
  const m = /^([a-z0-9_]+)\.localhost$/.exec(host);
  return m && keys.includes(m[1]!) ? m[1]! : null;
}

function isFile(p: string): boolean {
  try { return statSync(p).isFile(); } catch { return false; }
}

function readRules(root: string): { buildId: string | null; rules: RouteRules } {
  try {
    const latest = JSON.parse(readFileSync(join(root, 'builds', 'latest.json'), 'utf8')) as { id?: unknown };
    if (typeof latest.id !== 'string' || !/^[A-Za-z0-9-]+$/.test(latest.id)) return { buildId: null, rules: {} };
    const meta = JSON.parse(readFileSync(join(root, 'builds', 'meta', `${latest.id}.json`), 'utf8')) as { routeRules?: RouteRules };
    return { buildId: latest.id, rules: meta.routeRules && typeof meta.routeRules === 'object' ? meta.routeRules : {} };
  } catch {
    return { buildId: null, rules: {} };
  }
}
