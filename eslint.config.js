// Lint: typescript-eslint's recommended rules plus the import directions of DESIGN.md §2 and
// no import cycles, both as errors (local rules in tools/eslint/).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import imports from './tools/eslint/import-rules.js';

/** Which of our folders each folder may import. Folders not listed here are unrestricted (tests, bench, tools). */
const allowed = {
  'engine/domain': [],
  'engine/store': ['engine/domain'],
  'engine/auth': ['engine/domain'],
  'engine/fixtures': ['engine/domain', 'engine/store', 'engine/auth'],
  'engine/mail': ['engine/domain'],
  'engine/html': ['engine/domain'],
  // The audience provider (Omeda, the fake): HTTP out, no store; api/ and cli/ choose and wire it.
  'engine/audience': ['engine/domain'],
  'engine/import': ['engine/domain', 'engine/store', 'engine/html', 'engine/assets'],
  'engine/magazine': ['engine/domain', 'engine/store'],
  'engine/newsletter': ['engine/domain', 'engine/store', 'engine/auth', 'engine/mail', 'templates'],
  // Publishing a built site to object storage and purging the CDN: files in, no store, no build.
  'engine/publish': ['engine/domain', 'engine/assets'],
  // The background job runner: timers, leases and the state the System screen reads.
  'engine/jobs': ['engine/domain', 'engine/store'],
  // The build's top level (run-build, the entry points, shared types, deps, paths) and its folders.
  // Stages know nothing of workers, incremental builds or the queue; the queue sits on top.
  'engine/build': ['engine/domain', 'engine/store', 'engine/html', 'engine/newsletter', 'site', 'templates', 'engine/build/stages', 'engine/build/workers', 'engine/build/incremental', 'engine/build/queue'],
  'engine/build/stages': ['engine/domain', 'engine/store', 'engine/html', 'engine/newsletter', 'site', 'templates', 'engine/build'],
  'engine/build/workers': ['engine/domain', 'engine/store', 'site', 'templates', 'engine/build', 'engine/build/stages'],
  'engine/build/incremental': ['engine/domain', 'engine/store', 'engine/newsletter', 'site', 'templates', 'engine/build', 'engine/build/stages'],
  'engine/build/queue': ['engine/domain', 'engine/store', 'engine/build', 'engine/build/incremental', 'engine/build/stages'],
  // The transport-free services (issue 38): a domain's operations, reads, mail and pages, and the
  // operation kernel they share (engine/services/kernel); api/ and cli/ call them. Nothing of api/:
  // the services sit below the transport.
  'engine/services': ['engine/domain', 'engine/audience', 'engine/jobs', 'engine/store', 'engine/html', 'engine/build', 'engine/import', 'engine/fixtures', 'engine/auth', 'engine/mail', 'engine/newsletter', 'engine/magazine', 'templates'],
  site: ['engine/domain'],
  api: ['engine/services', 'engine/domain', 'engine/audience', 'engine/jobs', 'engine/store', 'engine/html', 'engine/build', 'engine/import', 'engine/fixtures', 'engine/auth', 'engine/mail', 'engine/newsletter', 'engine/magazine', 'templates'],
  admin: ['engine/domain'],
  cli: ['engine/services', 'engine/domain', 'engine/audience', 'engine/jobs', 'engine/store', 'engine/html', 'engine/build', 'engine/fixtures', 'engine/import', 'engine/auth', 'engine/mail', 'engine/newsletter', 'engine/magazine', 'engine/publish', 'api', 'templates'],
  templates: [],
};

/** The build's top-level files below its folders: shared types, memo tables, dependency keys, paths, remote data. */
const BUILD_LOWER = [
  'engine/build/types.ts', 'engine/build/summary.ts', 'engine/build/caches.ts', 'engine/build/deps.ts', 'engine/build/digest.ts', 'engine/build/config-hash.ts',
  'engine/build/paths.ts', 'engine/build/feeds.ts', 'engine/build/playlists.ts', 'engine/build/sourceesb.ts',
];

/**
 * Where a folder may enter another at all (files relative to the project root); other files of it
 * stay internal. api/ reaches the build only through its front door; cli/ through the public entry
 * points. The body sanitiser lives in engine/html, shared by the build and the API.
 */
const entryPoints = {
  'engine/build': {
    api: ['engine/build/front-door.ts'],
    // pg-queue.ts: the PostgreSQL rebuild queue, kept out of index.ts so SQLite never loads graphile-worker.
    cli: ['engine/build/index.ts', 'engine/build/front-door.ts', 'engine/build/pg-queue.ts'],
    'engine/services': ['engine/build/front-door.ts'],
    // The build flows one way (issue 38): the stages, workers and incremental builds use the
    // build's lower files only, never the pipeline on top (run-build.ts, full-build.ts, the entry
    // points); the incremental side is handed the full build (full-build.ts) instead.
    'engine/build/stages': BUILD_LOWER,
    'engine/build/workers': BUILD_LOWER,
    'engine/build/incremental': BUILD_LOWER,
  },
};

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'data/', 'dist/', 'bench/results/', 'engine/store/migrations/', 'tests/e2e/screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { masthead: imports },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'masthead/direction': ['error', allowed, entryPoints],
      'masthead/no-cycle': 'error',
      // api/<domain>/ is entered only through its index.ts, and no two domains import each other;
      // http/, common/ and auth/ are the API's shared kernel (transport, small helpers, identity).
      // engine/services/<domain>/ likewise, from api/ and cli/ too; its kernel/ is the operation
      // kernel every service and the API share (OpContext, commit, access, services, caches, limiters).
      'masthead/domain-doors': ['error', { root: 'api', kernel: ['http', 'common', 'auth'], importers: ['cli'] }, { root: 'engine/services', kernel: ['kernel'], importers: ['api', 'cli'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Source files stay small enough to read whole, and only cli/ reads the environment (issue 38):
    // everything below it gets its settings passed in (cli/config).
    files: ['engine/**/*.{ts,tsx}', 'api/**/*.{ts,tsx}', 'site/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}', 'templates/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Only cli/ reads the environment: take the setting as a parameter (cli/config/settings.ts).' }],
    },
  },
  {
    files: ['cli/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
);
