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

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: 'node',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: [...ignored, 'tests/e2e/**'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
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
