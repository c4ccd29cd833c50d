// Comparing two builds' output folders file by file, blanking what legitimately differs between
// two builds of the same data: their ids and the instants they ran at.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const BUILD_ID = /\d{8}T\d{9}Z-[0-9a-f]{6}/g;

const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,3})?(?:Z|[+-]\d\d:\d\d)/g;

/**
 * `since` (epoch ms): also blank ISO instants at or after it — the instants of the run itself, for
 * two builds of data seeded separately (their rows' created/updated times differ).
 */
export const normaliseBuild = (text: string, since?: number) => {
  const out = text
    .replace(BUILD_ID, '(build)')
    .replace(/"timestamp":\d+/g, '"timestamp":0')
    .replace(/<lastBuildDate>[^<]*<\/lastBuildDate>/g, '<lastBuildDate/>');
  return since === undefined ? out : out.replace(ISO_TIME, (t) => (Date.parse(t) >= since ? '(run time)' : t));
};

/** Every file under `root` by its relative path (build ids blanked) → absolute path. */
export function buildFiles(root: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else found.set(relative(root, p).replace(BUILD_ID, '(build)'), p);
    }
  };
  walk(root);
  return found;
}

/**
 * The files of `b` that differ from `a` once normalised, each named with the text around its first
 * difference; compressed twins (.br, .gz) are skipped (their sources are compared). Also the
 * paths only one side has.
 */
export function compareBuilds(a: Map<string, string>, b: Map<string, string>, since?: number): { onlyA: string[]; onlyB: string[]; differing: string[]; compared: number } {
  const plain = (k: string) => !/\.(br|gz)$/.test(k);
  const onlyA = [...a.keys()].filter((k) => plain(k) && !b.has(k)).sort();
  const onlyB = [...b.keys()].filter((k) => plain(k) && !a.has(k)).sort();
  const differing: string[] = [];
  let compared = 0;
  for (const [rel, pa] of a) {
    const pb = b.get(rel);
    if (!plain(rel) || !pb) continue;
    compared += 1;
    const x = readFileSync(pa);
    const y = readFileSync(pb);
    if (x.equals(y)) continue;
    const nx = normaliseBuild(x.toString('latin1'), since);
    const ny = normaliseBuild(y.toString('latin1'), since);
    if (nx === ny) continue;
    let i = 0;
    while (i < nx.length && nx[i] === ny[i]) i += 1;
    differing.push(`${rel}: …${nx.slice(Math.max(0, i - 80), i + 120)}… vs …${ny.slice(Math.max(0, i - 80), i + 120)}…`);
  }
  return { onlyA, onlyB, differing, compared };
}
