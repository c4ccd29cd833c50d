// The benchmark corpus shared by bench:build and bench:peer: a fixture set made by the scale
// generator and seeded into a SQLite file, both in one folder and reused while the folder holds a
// marker for the same items, tenants and seed.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateFixtures } from '../engine/fixtures/generate';
import { seedFixtures } from '../engine/fixtures/seed';
import { openStore } from '../engine/store/connection';

export interface Corpus { db: string; fixtures: string; generateMs: number; seedMs: number; reused: boolean }

export async function prepareCorpus(dir: string, items: number, tenants: number, seed: number): Promise<Corpus> {
  const db = join(dir, 'db.sqlite');
  const fixtures = join(dir, 'fixtures');
  const marker = join(dir, `ready-${items}-${tenants}-${seed}`);
  if (existsSync(marker) && existsSync(db)) return { db, fixtures, generateMs: 0, seedMs: 0, reused: true };
  rmSync(fixtures, { recursive: true, force: true });
  rmSync(db, { force: true });
  let t = performance.now();
  await generateFixtures({ items, tenants, seed, out: fixtures, onProgress: (p) => progressLine(`generate ${p.phase}`, p.done, p.total) });
  const generateMs = performance.now() - t;
  t = performance.now();
  const store = await openStore({ path: db });
  try {
    await seedFixtures(store, fixtures, (p) => progressLine(`seed ${p.tenant ?? ''} ${p.phase}`, p.done));
  } finally {
    await store.close();
  }
  process.stderr.write('\n');
  writeFileSync(marker, new Date().toISOString());
  return { db, fixtures, generateMs, seedMs: performance.now() - t, reused: false };
}

let lastLine = 0;
export function progressLine(label: string, done: number, total?: number): void {
  const now = performance.now();
  if (now - lastLine < 1000) return;
  lastLine = now;
  process.stderr.write(`\r${label}: ${done.toLocaleString('en-US')}${total ? `/${total.toLocaleString('en-US')}` : ''}        `);
}

/** The median, rounded to a whole number when it falls between two values. */
export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
};
