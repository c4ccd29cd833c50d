// The output disk really full during a build (issue 40, "Faults"): the output folder is a small
// tmpfs that holds one build of the site but not a second one beside it. A full build of changed
// data runs out of space (ENOSPC) part-way; it fails naming the tenant and the file it could not
// write, the live site stays the previous build, byte for byte, and once there is room again the
// next build publishes the change. Mounting a tmpfs needs root (as CI and these machines run);
// the test runs only where the mount can be made. build-rebuild-retry.test.ts covers the same
// failure on the rebuild queue with an unwritable path, which needs no privileges.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../engine/store/connection';
import { runBuild } from '../../engine/build/index';
import { listFiles, seedBuildSite } from './build-site-fixture';

const ORIGIN = 'https://{key}.example.com';
const root = mkdtempSync(join(tmpdir(), 'masthead-disk-full-'));
const mount = (args: string[]) => spawnSync('mount', args, { encoding: 'utf8' });
const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  const probe = join(root, 'probe');
  mkdirSync(probe);
  if (mount(['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]).status !== 0) return false;
  spawnSync('umount', [probe]);
  return true;
})();

let store: Store;
const out = join(root, 'out');
let mounted = false;
const build = () => runBuild(store, { outDir: out, tenants: ['alpha'], originTemplate: ORIGIN, workers: 1, clientDir: null, precompress: 'none' });
const hashes = (dir: string) => new Map(listFiles(dir).map((f) => [f, createHash('sha1').update(readFileSync(join(dir, f))).digest('hex')]));

beforeAll(async () => {
  if (!canMount) return;
  ({ store } = await seedBuildSite());
  // How much one build takes, measured on an ordinary folder.
  const probeOut = join(root, 'probe-out');
  await runBuild(store, { outDir: probeOut, tenants: ['alpha'], originTemplate: ORIGIN, workers: 1, clientDir: null, precompress: 'none' });
  const kb = Number(spawnSync('du', ['-sk', probeOut], { encoding: 'utf8' }).stdout.split('\t')[0]);
  rmSync(probeOut, { recursive: true, force: true });
  mkdirSync(out);
  // Room for one build and a third of another: the second build cannot finish beside the first.
  const r = mount(['-t', 'tmpfs', '-o', `size=${Math.ceil(kb * 1.35)}k`, 'tmpfs', out]);
  expect(r.status, r.stderr).toBe(0);
  mounted = true;
}, 120_000);

afterAll(async () => {
  if (mounted) spawnSync('umount', [out]);
  await store?.close();
  rmSync(root, { recursive: true, force: true });
});

describe.runIf(canMount)('a build on a full output disk', () => {
  it('fails naming the tenant and the file, keeps the live site whole, and publishes once there is room', async () => {
    const first = await build();
    expect(first.tenants.map((t) => t.key)).toEqual(['alpha']);
    const live = readlinkSync(join(out, 'alpha'));
    const before = hashes(join(out, 'alpha'));
    expect(before.size).toBeGreaterThan(20);

    await store.run("UPDATE content SET name = name || ' REVISED' WHERE tenant_key = 'alpha'");
    const failure = await build().then(() => null, (e: Error) => e);
    expect(failure, 'the second build must not fit').not.toBeNull();
    expect(failure!.message).toMatch(/^Build of "alpha" failed: /);
    expect(failure!.message).toMatch(/ENOSPC/);
    expect(failure!.message).toContain(out);

    // The failed build left nothing behind to fill the disk further: only the live build is kept.
    expect(readdirSync(join(out, '.builds', 'alpha')).filter((n) => !n.startsWith('.'))).toEqual([basename(live)]);
    // The live site is the first build, every file as it was.
    expect(readlinkSync(join(out, 'alpha'))).toBe(live);
    expect(hashes(join(out, 'alpha'))).toEqual(before);

    // Room again: the next build publishes the revised titles.
    const grown = mount(['-o', 'remount,size=64m', out]);
    expect(grown.status, grown.stderr).toBe(0);
    await build();
    expect(readlinkSync(join(out, 'alpha'))).not.toBe(live);
    const pages = listFiles(join(out, 'alpha')).filter((f) => /^print\/content\/\d+\/index\.html$/.test(f));
    expect(pages.length).toBeGreaterThan(0);
    for (const p of pages) expect(readFileSync(join(out, 'alpha', p), 'utf8'), p).toContain('REVISED');
  }, 120_000);
});
