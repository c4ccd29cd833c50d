import { defineConfig } from 'vitest/config';

// Two projects on one run. Unit and integration files run two at a time (the machines have two
// cores and most of these files wait on SQLite, the file system or loopback HTTP); the browser
// files run after them, also two at a time: each has a stack and a Chromium of its own, and they
// spend most of their time waiting on the page and the rebuild queue, not on the CPU (one run of
// the browser project used 5 min of CPU in 10.7 min of wall time), so a second worker halves
// the critical path of `npm test` without sharing any state between files.
const shared = {
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};
const ignored = ['node_modules/**', 'out/**', 'data/**', 'dist/**'];
// Files that need PostgreSQL and Redis on 127.0.0.1: `npm test` needs nothing but SQLite, so they
// form a project of their own, run by `npm run test:pg` (CI starts both services and runs it).
const services = [
  'engine/store/pg/**/*.test.ts',
  'tests/integration/db-copy.test.ts',
  'tests/integration/pg-db-backup.test.ts',
  'tests/integration/pg-sqlite-wire.test.ts',
  'tests/integration/shared-state.test.ts',
  'tests/integration/redis-outage.test.ts',
  'tests/integration/pg-tenant-scope.test.ts',
  'tests/integration/pg-events-ingest.test.ts',
  'tests/integration/pg-events-reports.test.ts',
  'tests/integration/pg-build-parity.test.ts',
  'tests/integration/pg-build-app-role.test.ts',
  'tests/integration/pg-rebuild-queue.test.ts',
  'tests/integration/pg-multi-instance.test.ts',
  'tests/integration/pg-serve-bucket.test.ts',
];
// Fault tests that restart services of their own and are not yet steady enough to gate CI:
// `npm run test:faults` (PostgreSQL restarted under editors: one run in seven left two rebuild
// requests open after the restart, cause not yet found; see issue 40's note).
const faults = ['tests/integration/pg-restart.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: 'node',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: [...ignored, 'tests/e2e/**', ...services, ...faults],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          name: 'pg',
          include: services,
          exclude: ignored,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          name: 'faults',
          include: faults,
          exclude: ignored,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: ignored,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
