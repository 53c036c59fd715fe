import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { sqlPlaceholderRule, sqlTextRule } from './eslint-rules/sql-text.js';

// The project's own rules, one plugin object (ESLint refuses two under one name).
const LOCAL_RULES = { rules: { 'sql-text': sqlTextRule, 'sql-placeholder': sqlPlaceholderRule } };

/** What no client code may import: the server (except its types) and Node. */
const CLIENT_BOUNDARY = [
  {
    group: ['**/server/**'],
    allowTypeImports: true,
    message: 'The client imports only types from the server (the AppRouter type).',
  },
  { group: ['node:*', 'sharp'], message: 'Client code runs in the browser: no Node modules.' },
];
/** What the public pages may not import on top of that (their JavaScript budget). */
const PUBLIC_PAGES_BOUNDARY = {
  group: ['**/admin/**', '**/lib/trpc', '@trpc/*', '@tanstack/*'],
  message: 'Public pages ship no admin, tRPC or react-query code (their JS budget).',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      'src/server/db/migrations/**',
      '.dependency-cruiser.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Node's globals reach the client's type check through the AppRouter type (express's types
      // pull in @types/node), so the linter is what keeps them out of browser code.
      'no-restricted-globals': [
        'error',
        ...[
          'process',
          'Buffer',
          'global',
          '__dirname',
          '__filename',
          'require',
          'setImmediate',
        ].map((name) => ({ name, message: `${name} is Node's; the client runs in the browser.` })),
      ],
    },
  },
  // Boundaries (docs/ARCHITECTURE.md): src/shared is the contract and imports neither side; the public
  // pages ship no admin, tRPC or react-query code; the client knows the server only as the
  // AppRouter type; nothing in the client reaches for Node.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/**', '**/server/**', 'node:*', 'react', 'react-dom'],
              message: 'src/shared is the contract: it imports nothing from the client or server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/public/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: CLIENT_BOUNDARY }] },
  },
  {
    // A later block replaces a rule's options, so the public pages repeat the client's list.
    files: ['src/client/public/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [...CLIENT_BOUNDARY, PUBLIC_PAGES_BOUNDARY] },
      ],
    },
  },
  // Hand-written SQL text lives in `*.sql.ts` files (and migrations, which are not linted); tests
  // and the test harness may write their own (the fault drill arranges and reads rows as a test).
  {
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/**/*.sql.ts',
      'src/server/**/*.test.ts',
      'src/server/test/**',
      'src/server/fault-drill.ts',
    ],
    plugins: { local: LOCAL_RULES },
    rules: { 'local/sql-text': 'error' },
  },
  // One placeholder style: values bound by the sql tag (or `$n` for a plain pg client), never `?`.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test/**', 'src/server/fault-drill.ts'],
    plugins: { local: LOCAL_RULES },
    rules: { 'local/sql-placeholder': 'error' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
    },
  },
);
