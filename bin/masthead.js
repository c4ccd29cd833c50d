#!/usr/bin/env node
// Entry point for `npx masthead`. Runs the compiled CLI (dist/cli, made by `npm run build:cli`, the
// `prepare` script of `npm ci`) while it is fresh: no source file it was compiled from, nor
// package.json, package-lock.json or tsconfig.json, changed since. Otherwise (an edited checkout, no dist/ yet) it
// registers tsx and runs the TypeScript sources, so development never runs stale code.
// MASTHEAD_CLI=ts forces the sources; MASTHEAD_CLI=compiled forces dist/cli (an error if missing).
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Plain paths, not URLs: the freshness check stats every input (~500 files) at each start, and
// a URL per stat cost about 7 ms of a ~120 ms `--help`.
const root = fileURLToPath(new URL('../', import.meta.url));

/** True when dist/cli/inputs.json exists and nothing it lists is newer than the compilation. */
function compiledIsFresh() {
  try {
    const meta = JSON.parse(readFileSync(`${root}dist/cli/inputs.json`, 'utf8'));
    if (typeof meta.builtAt !== 'number' || !Array.isArray(meta.inputs)) return false;
    if (!meta.inputs.includes('cli/main.ts')) return false;
    for (const rel of meta.inputs) {
      if (statSync(root + rel).mtimeMs > meta.builtAt) return false;
    }
    // The package's own settings: an install or a compiler option change (each may be absent).
    return ['package.json', 'package-lock.json', 'tsconfig.json'].every((rel) => (statSync(root + rel, { throwIfNoEntry: false })?.mtimeMs ?? 0) <= meta.builtAt);
  } catch {
    return false; // not compiled yet, or a source file was deleted
  }
}

// React (and other packages) choose their production build from NODE_ENV when first loaded: the
// CLI is what runs in production, so unless told otherwise it uses them. Without this, `masthead
// serve` rendered incremental rebuilds and previews with React's development build (slower, with
// development-only checks) and printed development warnings. Tests and development set NODE_ENV themselves.
process.env.NODE_ENV ??= 'production';

const choice = process.env.MASTHEAD_CLI;
let cli;
if (choice === 'compiled' || (choice !== 'ts' && compiledIsFresh())) {
  cli = await import('../dist/cli/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../cli/main.ts');
}
process.exitCode = await cli.main(process.argv);
