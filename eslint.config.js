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
  'engine/newsletter': ['engine/domain', 'engine/store', 'engine/auth', 'engine/mail', 'templates'],
  'engine/build': ['engine/domain', 'engine/store', 'engine/html', 'engine/newsletter', 'site', 'templates'],
  site: ['engine/domain'],
  api: ['engine/domain', 'engine/store', 'engine/html', 'engine/build', 'engine/fixtures', 'engine/auth', 'engine/mail', 'engine/newsletter', 'templates'],
  admin: ['engine/domain'],
  cli: ['engine/domain', 'engine/store', 'engine/html', 'engine/build', 'engine/fixtures', 'engine/auth', 'engine/mail', 'engine/newsletter', 'api', 'templates'],
  templates: [],
};

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'data/', 'dist/', 'bench/results/', 'engine/store/migrations/', 'tests/e2e/screenshots/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { masthead: imports },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'masthead/direction': ['error', allowed],
      'masthead/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
