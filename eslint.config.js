import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const nodeBuiltins = [
  'fs',
  'path',
  'os',
  'crypto',
  'child_process',
  'url',
  'http',
  'https',
  'stream',
  'util',
  'events',
  'buffer',
  'process',
  'module',
  'worker_threads',
  'zlib',
];

export default tseslint.config(
  { ignores: ['dist/**', 'storybook-static/**', 'node_modules/**', 'data/**', '.tmp/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['**/*.tsx', 'renderer/**/*.ts', 'app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The engine is shared by the browser and the server: no React, DOM, Node, rjsf or other layers.
    files: ['engine/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', '@rjsf/*', '@xstate/react'],
              message: 'engine/ must not depend on React or rjsf.',
            },
            { group: ['node:*', ...nodeBuiltins], message: 'engine/ must not use Node-only APIs.' },
            {
              group: ['../renderer/*', '../app/*', '../api/*', '../scripts/*'],
              message: 'engine/ imports nothing from the layers above it.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'process', 'require'],
    },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../renderer/*', '../app/*', 'react', 'react-dom'], message: 'api/ must not import the UI.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../app/*', '../api/*'], message: 'renderer/ must not import app/ or api/.' }] },
      ],
    },
  },
  {
    // The engine is used through its entry only, so its internals can move without touching its callers. The engine's
    // own unit tests (tests/engine/) are the one exception: they test its modules one by one. (Import cycles, type-only
    // ones included, are `npm run cycles`: dpdm, part of lint.)
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    ignores: ['engine/**', 'tests/engine/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: '.',
              from: './engine',
              except: ['./index.ts'],
              message: 'Import the engine from engine/index.ts (export there what is missing).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
