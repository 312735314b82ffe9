// @ts-check
import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The import boundaries of docs/project-structure (STYLE.md): shared code runs everywhere, the
// client never reaches into the server, client features never import each other, and only
// repositories talk to the ORM.
const sharedMayNotImport = [
  {
    group: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    message: 'src/shared runs in Node too: no React.',
  },
  {
    group: ['fastify', 'fastify-*', '@fastify/*'],
    message: 'src/shared runs in the browser too: no Fastify.',
  },
  {
    group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
    message: 'src/shared runs in the browser too: no database code.',
  },
  { group: ['node:*'], message: 'src/shared runs in the browser too: no node:* modules.' },
  {
    regex: '^(#server/|#client/|.*/(server|client)/)',
    message: 'src/shared imports only src/shared.',
  },
];

// '#…' aliases are matched with regex: in gitignore-style `group` patterns a leading # is a comment.
// Flat config replaces (not merges) a rule's options per file, so each layer lists all of its patterns.
const clientMayNotImport = [
  { regex: '^(#server/|.*/server/)', message: 'The client never imports server code.' },
  { group: ['node:*'], message: 'The client runs in the browser: no node:* modules.' },
  {
    group: [
      'fastify',
      '@fastify/*',
      'drizzle-orm',
      'drizzle-orm/*',
      'pg',
      '@electric-sql/*',
      'ioredis',
      'pino',
    ],
    message: 'Server-only package.',
  },
];
const noAppLayer = {
  regex: '^(#client/app/|.*/app/)',
  message: 'Only src/client/app composes features; import in the other direction.',
};
const featureMessage =
  'A client feature never imports another feature; compose them in src/client/app.';
const noOtherFeature = [
  { regex: '^#client/features/', message: featureMessage },
  { regex: '^\\.\\./\\.\\./', message: featureMessage },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'test-results',
      'playwright-report',
      'bench-results',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description', 'ts-ignore': true, 'ts-nocheck': true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // Type-aware rules where promises matter most: the server, scripts and tests.
  {
    files: ['src/server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  { files: ['public/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: sharedMayNotImport }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: clientMayNotImport }],
    },
  },
  {
    // Imports flow shared → features → app: below the app layer nothing imports the app.
    files: [
      'src/client/features/**/*.{ts,tsx}',
      'src/client/components/**/*.{ts,tsx}',
      'src/client/lib/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...clientMayNotImport, noAppLayer] }],
    },
  },
  {
    // A client feature never imports another feature; pages in src/client/app compose them.
    files: ['src/client/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...clientMayNotImport, noAppLayer, ...noOtherFeature] },
      ],
    },
  },
  {
    // Only repositories (and the db layer) touch the ORM; a feature never uses another feature's repository.
    files: ['src/server/features/**/*.ts'],
    ignores: ['src/server/features/**/*.repository.ts', 'src/server/features/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only *.repository.ts files import Drizzle and the schema.',
            },
            {
              regex: '^(#server/db/schema/|.*/db/schema/)',
              message: 'Only *.repository.ts files import Drizzle and the schema.',
            },
            {
              regex: '^\\.\\./[^/]+/.*\\.repository(\\.ts)?$',
              message: "Call the other feature's service, never its repository.",
            },
            {
              regex: '^#server/features/.*\\.repository(\\.ts)?$',
              message: "Call the other feature's service, never its repository.",
            },
            {
              regex: '^(#client/|.*/client/)',
              message: 'The server never imports client code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
);
