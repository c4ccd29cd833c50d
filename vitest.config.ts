import { defineConfig } from 'vitest/config';

// Two projects on one run. Unit and integration files run two at a time (the machines have two
// cores and most of these files wait on SQLite, the file system or loopback HTTP); the browser
// files run one at a time after them, since each drives Chromium and a served build of its own.
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
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
