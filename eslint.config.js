// ESLint: JavaScript and TypeScript recommendations, the rules of hooks (with their
// dependency lists), and the package boundaries of scripts/lint/boundaries.mjs. Formatting
// is Prettier's (.prettierrc.json); `npm run lint` runs both.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/lint/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/.cotton-dev/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      '.data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { cotton: boundaries },
    rules: {
      'cotton/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: ['sdk/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'plugins/*/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A lazy part's boundary is the SDK's <LazySuspense>: under React's own <Suspense> its
    // content is shown up to 300 ms late (React's fallback throttle, sdk/src/lazy/lazyPart.tsx).
    files: ['sdk/src/**/*.{ts,tsx}', 'plugins/*/src/**/*.{ts,tsx}'],
    ignores: ['sdk/src/lazy/lazyPart.tsx', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['Suspense', 'lazy'],
              message:
                'Use LazySuspense and lazyPart of @cotton/sdk (no 300 ms reveal throttle, 重试 after a failed load).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests may use the testing libraries and reach into what they test.
    files: ['**/*.test.{ts,tsx,mjs}', '**/test/**', '**/test-support.{ts,tsx,mjs}'],
    rules: { 'cotton/boundaries': 'off' },
  },
);
