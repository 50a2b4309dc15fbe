// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import astro from 'eslint-plugin-astro';

/**
 * The modules a page must not load data through itself: the app context and the configuration,
 * the prerendered store, the page context (the middleware's) and the domain's page data
 * (src/server/pages, except its plain rules). A page calls its loader in
 * src/server/http/page-loaders/ instead (docs/architecture.md §3 Pages).
 */
const PAGE_DATA_ENTRY_POINTS = [
  '~/server/app',
  '~/server/context',
  '~/server/config',
  '~/server/static/store',
  '~/server/http/page-context',
  '~/server/http/admin-page',
  '~/server/pages/*',
  '!~/server/pages/member-routes',
  '!~/server/pages/continue-path',
  '!~/server/pages/signup-journey',
  '**/server/app',
  '**/server/context',
  '**/server/config',
  '**/server/static/store',
  '**/server/http/page-context',
  '**/server/http/admin-page',
];

/** Lint for .ts/.tsx and .astro (whose types `astro check` checks). */
export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      '.astro/',
      'screenshots/',
      '.e2e-builds/',
      'public/icons/',
      'src/server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  {
    // __AMORA_BUILD_ID__: the build's id, defined by astro.config.mjs (src/env.d.ts).
    languageOptions: { globals: { ...globals.node, ...globals.browser, __AMORA_BUILD_ID__: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['src/islands/**/*.tsx', 'src/islands/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // docs/architecture.md §1: islands → stores → client. Islands import stores, shared, components and other islands.
    files: ['src/islands/**/*.tsx', 'src/islands/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/*', '**/client/**', '~/client/*', '~/client/**'],
              message:
                'Islands reach src/client only through a store (docs/architecture.md §1: islands → stores → client).',
            },
          ],
        },
      ],
    },
  },
  {
    // docs/architecture.md "Operations": both APIs are served by their catch-all routes through the
    // one operation pipeline; no page file serves an operation of its own or runs a second pipeline.
    files: ['src/pages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '~/server/http/endpoints/*',
                '~/server/http/admin/*',
                '~/server/http/pipeline',
                '~/server/http/api',
              ],
              message:
                'Operations are served by src/pages/api/[...path].ts and src/pages/admin/api/[...path].ts (docs/architecture.md, "Operations"): add the contract and its handler, no route file.',
            },
          ],
        },
      ],
    },
  },
  {
    // docs/architecture.md §5: the configuration is read once, in src/server/config.ts (getConfig).
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/server/config.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through getConfig() in src/server/config.ts (docs/architecture.md §5).',
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // docs/architecture.md §6 convention 1: the server domain never imports Astro, React, nanostores or browser code.
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['astro', 'astro:*', 'astro/*'], message: 'src/server must not depend on Astro.' },
            {
              group: ['react', 'react-dom', 'react-dom/*', 'react-i18next'],
              message: 'src/server must not depend on React.',
            },
            { group: ['nanostores', '@nanostores/*'], message: 'src/server must not depend on stores.' },
            {
              group: [
                '**/pages/**',
                // src/server/pages (the domain's page data) is server code: imported as ~/server/pages/….
                '!~/server/pages/*',
                '**/islands/**',
                '**/stores/**',
                '**/client/**',
                '~/pages/*',
                '~/islands/*',
                '~/stores/*',
                '~/client/*',
              ],
              message: 'src/server must not import pages, islands, stores or browser code.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'navigator'],
    },
  },
  {
    // docs/architecture.md §1: src/server/http is the edge. Only it (and src/pages) touches Request,
    // Response, headers and cookies; the domain folders below it never import it.
    // (Rules other than the block above's, so neither replaces the other's options.)
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/http/**', 'src/server/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'cookie', message: 'Cookies are read and set in src/server/http only.' }],
          patterns: [
            {
              group: ['**/http', '**/http/*', '**/http/**', '~/server/http/*'],
              message: 'src/server/http sits above the domain folders: pass plain values down instead.',
            },
          ],
        },
      ],
      '@typescript-eslint/no-restricted-types': [
        'error',
        {
          types: Object.fromEntries(
            ['Request', 'Response', 'Headers', 'HeadersInit'].map((name) => [
              name,
              { message: 'Requests, responses and headers belong to src/server/http: take and return plain values.' },
            ]),
          ),
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ':matches(NewExpression, CallExpression) > Identifier.callee[name=/^(Request|Response|Headers)$/], MemberExpression > Identifier.object[name=/^(Request|Response|Headers)$/]',
          message:
            'Requests, responses and headers belong to src/server/http: return plain data and let http/ build the Response.',
        },
        {
          selector: 'Literal[value=/^(set-)?cookie$/i]:not(ImportDeclaration > Literal)',
          message: 'Cookies are read and set in src/server/http only.',
        },
      ],
    },
  },
  {
    // docs/architecture.md §3 Pages: a page's data comes from its one loader (src/server/http/page-loaders/),
    // computed once and passed to components as props; pages, components and layouts load nothing themselves.
    files: ['src/**/*.astro'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: PAGE_DATA_ENTRY_POINTS,
              allowTypeImports: true,
              message:
                'A page loads its data through its loader in src/server/http/page-loaders/ and passes it to components as props (docs/architecture.md §3 Pages).',
            },
          ],
        },
      ],
    },
  },
  {
    // Components and layouts take a page's data as props: they may name a loader's types, never call one.
    // (Replaces the block above's options for these files, so it repeats its entry points.)
    files: ['src/components/**/*.astro', 'src/layouts/**/*.astro', 'src/landers/**/*.astro'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...PAGE_DATA_ENTRY_POINTS, '~/server/http/page-loaders/*', '**/http/page-loaders/*'],
              allowTypeImports: true,
              message:
                'Components and layouts get their data as props from the page, whose loader loaded it once (docs/architecture.md §3 Pages).',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared code runs in both the browser and Node.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', '**/server/**', '**/client/**', 'react', 'astro*'],
              message: 'src/shared must stay isomorphic.',
            },
          ],
        },
      ],
    },
  },
);
