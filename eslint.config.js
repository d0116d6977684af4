import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import jestDom from 'eslint-plugin-jest-dom';
import testingLibrary from 'eslint-plugin-testing-library';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const serverModules = foldersOf('./apps/server/src/modules/');
const webFeatures = foldersOf('./apps/web/src/features/');

/**
 * The boundaries of docs/architecture.md#boundaries, enforced:
 * - a server module uses another only through its index.ts (test helpers of a module are shared with tests);
 * - a web feature never imports another feature or app/ (pages compose features in app/; shared parts live in shared/);
 * - contracts import nothing of the apps.
 */
const boundaryZones = [
  ...serverModules.map((name) => ({
    target: `./apps/server/src/modules/${name}/**`,
    from: [`./apps/server/src/modules/!(${name})/!(index).ts`, `./apps/server/src/modules/!(${name})/!(tests)/**`],
    message: `A server module uses another module only through its index.ts.`,
  })),
  ...webFeatures.map((name) => ({
    target: `./apps/web/src/features/${name}/**`,
    from: [`./apps/web/src/features/!(${name})/**`],
    message: 'Web features do not import each other: compose them in app/, or move the shared part to shared/.',
  })),
  {
    // A feature's tests may mount the real app store and shell, as app/ does.
    target: './apps/web/src/features/*/!(tests)/**',
    from: './apps/web/src/app/**',
    message: 'Web features do not import app/ (app/ composes features); use shared/.',
  },
  {
    target: './apps/web/src/shared/*/!(tests)/**',
    from: ['./apps/web/src/features/**', './apps/web/src/app/**'],
    message: 'shared/ is used by features and app/, never the other way round.',
  },
  {
    target: './packages/contracts/**',
    from: ['./apps/**', './e2e/**'],
    message: 'Contracts import nothing of the apps.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/src/db/migrations/**', 'e2e/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The web app's tests assert what a person notices, with jest-dom's matchers (docs: issue #27):
    // expect(getByText('x')).toBeTruthy() says nothing the query did not, so prefer-in-document
    // refuses it, and the other jest-dom rules refuse reading textContent, getAttribute, disabled,
    // checked and value by hand. Testing Library's React rules keep queries on the screen and
    // async queries awaited. The build's own tests (apps/web/build) run in Node and render nothing.
    files: ['apps/web/src/**/tests/**/*.{ts,tsx}', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/test/**/*.{ts,tsx}'],
    plugins: { 'jest-dom': jestDom, 'testing-library': testingLibrary },
    rules: {
      ...jestDom.configs['flat/recommended'].rules,
      ...testingLibrary.configs['flat/react'].rules,
      // Off: 166 reads of our own data attributes and structure (data-voice-status, closest('tr'), a
      // message's data-message-id) that no role or text names; replacing them is a rewrite of its own.
      'testing-library/no-node-access': 'off',
    },
  },
  {
    // The server speaks through its logger (redacted, levelled); the app through the page. A stray
    // console call is almost always debugging left behind. main.ts prints the first admin's box.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['apps/server/src/main.ts', '**/*.test.ts', '**/*.test.tsx', '**/test-support/**'],
    rules: { 'no-console': 'error' },
  },
  {
    // Rooms of a size (issue #29): a source file over 400 lines or a function over 80 holds more than
    // one job; split it along them (docs/architecture.md). Tests, fixtures and migrations aside.
    files: ['packages/*/src/**/*.{ts,tsx}', 'apps/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/tests/**', '**/test-support/**'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    // Test harness answers are whatever the server sent; tests assert on their shape.
    files: ['**/test-support/**', '**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
