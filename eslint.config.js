// Lint: typescript-eslint's recommended rules plus the import directions of DESIGN.md §2 as errors.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const ours = ['engine/domain', 'engine/store', 'engine/build', 'engine/fixtures', 'engine/auth', 'api', 'cli', 'site', 'admin', 'templates'];
/** Which of our folders each folder may import (DESIGN.md §2). Everything else is forbidden. */
const allowed = {
  'engine/domain': [],
  'engine/store': ['engine/domain'],
  'engine/auth': ['engine/domain'],
  'engine/fixtures': ['engine/domain', 'engine/store', 'engine/auth'],
  'engine/build': ['engine/domain', 'engine/store', 'site', 'templates'],
  site: ['engine/domain'],
  api: ['engine/domain', 'engine/store', 'engine/build', 'engine/fixtures', 'engine/auth', 'templates'],
  admin: ['engine/domain'],
  cli: ['engine/domain', 'engine/store', 'engine/build', 'engine/fixtures', 'engine/auth', 'api', 'templates'],
};
const zones = Object.entries(allowed).map(([target, ok]) => ({
  target: `./${target}`,
  from: ours.filter((f) => f !== target && !ok.includes(f)).map((f) => `./${f}`),
  message: `DESIGN.md §2: ${target} may import only ${ok.length ? ok.join(', ') : 'nothing of ours'}.`,
}));

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'data/', 'dist/', 'bench/results/', 'engine/store/migrations/', 'tests/e2e/screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', performance: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', structuredClone: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', fetch: 'readonly', AbortController: 'readonly', queueMicrotask: 'readonly', window: 'readonly', document: 'readonly', localStorage: 'readonly', sessionStorage: 'readonly', navigator: 'readonly', location: 'readonly' } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
