// Page speed (issue 20, admin §2.2 /admin/page-speed-report): Lighthouse on demand against a
// sample of a tenant's built pages as its site serves them (the site's origin: `masthead serve`
// gives the local one). Starting a run records it (queued) and returns at once; the runs go on as
// the background job `page-speed` of the job runner (engine/jobs/runner.ts; serve's, shown on
// /admin/system, or one of this app's own), which the request wakes and which also picks up runs a
// stopped server left queued. One run at a time per server; each records its pages' scores (with
// the live build id) and the pages done, which the screen polls. Lighthouse runs as a child process
// per page (its command line), so its work never holds up the API's thread.
import { execFile, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { readBuildStatus } from '../../store/queries/builds';
import { inTenant } from '../../store/tenant-scope';
import {
  activePageSpeedRun, addPageSpeedScore, createPageSpeedRun, finishPageSpeedRun, readPageSpeedRun, startPageSpeedRun, unfinishedPageSpeedRuns, type NewPageSpeedScore,
} from '../../store/queries/page-speed';
import { siteOrigin } from '../kernel/site-origin';
import type { Services } from '../kernel/services';

export type PageForm = 'mobile' | 'desktop';
export type PageScores = Omit<NewPageSpeedScore, 'path' | 'measuredAt' | 'form'>;

/** Measures pages; `close` ends the browser. */
export interface PageMeasurer {
  measure(url: string, form: PageForm): Promise<PageScores>;
  close(): Promise<void>;
}

export interface PageSpeedOptions {
  /** The origin the run measures (default: the members' site origin, https://{domain} without one). */
  siteUrl?: (tenant: { tenantKey: string; domain: string }) => string;
  /** Pages in a sample (default 5: the home page and four from the sitemap). */
  samplePages?: number;
  forms?: readonly PageForm[];
  /** Starts the measurer (default: Lighthouse with the Chromium at `chromePath`). */
  measurer?: () => Promise<PageMeasurer>;
  /** The Chromium Lighthouse starts (cli/ passes the CHROMIUM_PATH setting; default /usr/bin/chromium). */
  chromePath?: string;
  /** The environment Lighthouse's PATH, HOME, TMPDIR and LANG come from (cli/ passes the process's). */
  childEnv?: Readonly<Record<string, string | undefined>>;
  /** Fetches the sitemap (default: global fetch). */
  fetch?: typeof fetch;
  /** The job runner the runs go through as job `page-speed` (cli/ passes serve's; default: one of this app's own, run on request only). */
  jobs?: Pick<JobRunner, 'add' | 'runNow'>;
  /** How often serve's runner looks for queued runs besides the wake-up a request gives (default 5 min). */
  everyMs?: number;
}

/** The page speed runs' job on the runner. */
export const PAGE_SPEED_JOB = 'page-speed';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export interface Lhr {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

/** What Lighthouse's child process gets of the environment: where programs are, a home and temporary folder, the browser; no secret of the server's. */
const CHILD_ENV_KEYS = ['PATH', 'HOME', 'TMPDIR', 'LANG'] as const;

/**
 * Lighthouse 12 (the npm package's command line) in a child process per page, with the Chromium at
 * `chromePath`: the trace processing runs there, never on the API's thread. `baseEnv`: the
 * environment the child's few variables are taken from (cli/ passes the process's).
 */
export async function lighthouseMeasurer(chromePath = DEFAULT_CHROMIUM, baseEnv: Readonly<Record<string, string | undefined>> = {}): Promise<PageMeasurer> {
  const env: Record<string, string> = { CHROME_PATH: chromePath };
  for (const k of CHILD_ENV_KEYS) if (baseEnv[k] !== undefined) env[k] = baseEnv[k]!;
  const cli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
  const children = new Set<ChildProcess>();
  return {
    measure(url, form) {
      const args = [cli, url, '--output=json', '--output-path=stdout', '--quiet', `--only-categories=${CATEGORIES.join(',')}`, `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
        ...(form === 'desktop' ? ['--preset=desktop'] : [])];
      return new Promise<PageScores>((resolve, reject) => {
        const child = execFile(process.execPath, args, { env, maxBuffer: 256 * 1024 * 1024, timeout: 180_000 }, (err, stdout, stderr) => {
          children.delete(child);
          if (err) { reject(new Error(`Lighthouse failed on ${url}: ${(stderr || err.message).trim().slice(0, 300)}`)); return; }
          try {
            resolve(scoresOf(JSON.parse(stdout) as Lhr, url));
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        });
        children.add(child);
      });
    },
    async close() { for (const c of children) c.kill(); },
  };
}

/** A Lighthouse result's category scores (0–100), LCP (ms) and CLS. */
export function scoresOf(lhr: Lhr, url: string): PageScores {
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code}`);
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
  return {
    performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo'),
    lcpMs: lcp === undefined ? null : Math.round(lcp), cls: cls === undefined ? null : Math.round(cls * 1000) / 1000,
  };
}

const LOC = /<loc>\s*([^<\s]+)\s*<\/loc>/g;
const locs = (xml: string) => [...xml.matchAll(LOC)].map((m) => m[1]!.replace(/&amp;/g, '&'));

/** Up to `n` of `xs`, spread evenly over the list (first included): the same list gives the same sample. */
export function spread<T>(xs: readonly T[], n: number): T[] {
  if (xs.length <= n) return [...xs];
  return Array.from({ length: n }, (_, i) => xs[Math.floor((i * xs.length) / n)]!);
}

/**
 * The sample of a site's pages: the home page, then pages spread over its sitemap (the first
 * sitemap of an index), as paths. A site without a readable sitemap is measured on its home page.
 */
export async function samplePaths(origin: string, n: number, get: typeof fetch = fetch): Promise<string[]> {
  const paths = ['/'];
  try {
    let res = await get(`${origin}/sitemap.xml`, { signal: AbortSignal.timeout(10_000) });
    let xml = res.ok ? await res.text() : '';
    if (/<sitemapindex/.test(xml)) {
      const first = locs(xml)[0];
      res = first ? await get(`${origin}${new URL(first).pathname}`, { signal: AbortSignal.timeout(10_000) }) : res;
      xml = first && res.ok ? await res.text() : '';
    }
    const found = [...new Set(locs(xml).map((u) => new URL(u, origin).pathname))].filter((p) => p !== '/');
    paths.push(...spread(found, Math.max(0, n - 1)));
  } catch {
    // the home page alone
  }
  return paths;
}

const optionsOf = new WeakMap<Services, PageSpeedOptions>();
const runners = new WeakMap<Services, { jobs: Pick<JobRunner, 'add' | 'runNow'>; own: JobRunner | null; woken: Promise<void> }>();

export function configurePageSpeed(services: Services, options: PageSpeedOptions = {}): void {
  optionsOf.set(services, options);
  const own = options.jobs ? null : createJobRunner({ onError: (_, e) => services.log.error({ err: e }, 'page speed run failed') });
  const jobs = options.jobs ?? own!;
  jobs.add({ name: PAGE_SPEED_JOB, title: 'Page speed runs (Lighthouse)', everyMs: options.everyMs ?? 300_000, run: () => runQueuedPageSpeed(services) });
  runners.set(services, { jobs, own, woken: Promise.resolve() });
}

/**
 * Records a queued run for the tenant and wakes the page-speed job, which runs it in the background
 * (after any run already going on). Refuses a second run while one of the tenant's is queued or running.
 */
export async function requestPageSpeedRun(services: Services, tenant: { tenantKey: string; domain: string }, requestedBy: string | null): Promise<number> {
  const db = services.store.db;
  const active = await activePageSpeedRun(db, tenant.tenantKey);
  if (active) return active.id;
  const build = await readBuildStatus(services.store, tenant.tenantKey);
  const id = await createPageSpeedRun(db, tenant.tenantKey, { buildId: build?.buildId ?? null, requestedBy, now: services.now() });
  const r = runners.get(services);
  if (r) {
    // A wake-up during a job run joins it, which may have looked for queued runs already: the run
    // still queued afterwards gets a job run of its own.
    const again = async () => { if ((await readPageSpeedRun(db, tenant.tenantKey, id))?.status === 'queued') await r.jobs.runNow(PAGE_SPEED_JOB); };
    r.woken = Promise.all([r.woken, r.jobs.runNow(PAGE_SPEED_JOB).then(again)]).then(() => {}, (e: unknown) => services.log.error({ err: e }, 'page speed run failed'));
  }
  return id;
}

/**
 * The page-speed job: every tenant's queued runs, oldest first. A run still marked running here was
 * cut off by a stopped server (only this job runs them, one at a time): it ends failed, so the
 * tenant can start another. Throws when a run failed, so the System screen shows why.
 */
export async function runQueuedPageSpeed(services: Services): Promise<string> {
  const db = services.store.db;
  let done = 0;
  const failed: string[] = [];
  for (const t of await services.tenants.list()) {
    await inTenant(t.tenantKey, async () => {
      for (const run of await unfinishedPageSpeedRuns(db, t.tenantKey)) {
        if (run.status === 'running') {
          await finishPageSpeedRun(db, t.tenantKey, run.id, { now: services.now(), error: 'Interrupted: the server stopped during the run' });
          failed.push(`run ${run.id} (${t.tenantKey}) was interrupted`);
          continue;
        }
        await runPageSpeed(services, t, run.id);
        const after = await readPageSpeedRun(db, t.tenantKey, run.id);
        if (after?.status === 'done') done += 1;
        else failed.push(`run ${run.id} (${t.tenantKey}) failed: ${after?.error ?? 'unknown'}`);
      }
    });
  }
  if (failed.length) throw new Error(`${failed.join('; ')}${done ? `; ${done} runs done` : ''}`);
  return done ? `${done} runs done` : 'no run waiting';
}

/** A run from start to end: the sample, each page on each form, the scores as they come. Never throws: a failure ends the run failed. */
export async function runPageSpeed(services: Services, tenant: { tenantKey: string; domain: string }, runId: number): Promise<void> {
  const o = optionsOf.get(services) ?? {};
  const db = services.store.db;
  const origin = (o.siteUrl ? o.siteUrl(tenant) : siteOrigin(services.members, tenant)).replace(/\/+$/, '');
  let measurer: PageMeasurer | null = null;
  try {
    const paths = await samplePaths(origin, o.samplePages ?? 5, o.fetch);
    const forms = o.forms ?? ['mobile'];
    await startPageSpeedRun(db, tenant.tenantKey, runId, paths.length * forms.length);
    measurer = await (o.measurer ?? (() => lighthouseMeasurer(o.chromePath ?? DEFAULT_CHROMIUM, o.childEnv)))();
    for (const path of paths) {
      for (const form of forms) {
        const scores = await measurer.measure(`${origin}${path}`, form);
        await addPageSpeedScore(db, tenant.tenantKey, runId, { ...scores, path, form, measuredAt: services.now() });
      }
    }
    await finishPageSpeedRun(db, tenant.tenantKey, runId, { now: services.now() });
  } catch (e) {
    await finishPageSpeedRun(db, tenant.tenantKey, runId, { now: services.now(), error: e instanceof Error ? e.message.slice(0, 500) : String(e) });
  } finally {
    await measurer?.close().catch(() => {});
  }
}

/** Resolves when the runs started so far on this server have ended (tests, shutdown); stops the app's own runner. */
export async function pageSpeedIdle(services: Services): Promise<void> {
  const r = runners.get(services);
  await r?.woken;
  await r?.own?.stop();
}
