import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'scripts/*.*',
      'test/fixtures/**',
      'eslint.config.js',
      // The SDKs' generated and built files (npm run sdk:generate).
      'sdk/typescript/dist/**',
      'sdk/typescript/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    // Plain JavaScript run by node directly (the benchmark's load generator and baseline server).
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false, project: false },
      globals: { process: 'readonly', Buffer: 'readonly', URL: 'readonly', performance: 'readonly' },
    },
  },
  {
    // The TypeScript SDK's tests are in its own test project (its src/ has the SDK's own tsconfig.json).
    files: ['sdk/typescript/test/**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: './sdk/typescript/tsconfig.test.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // node:test's describe/it return promises that the runner awaits.
    files: ['**/*.test.ts', 'test/**/*.ts', 'sdk/typescript/test/**/*.ts'],
    rules: { '@typescript-eslint/no-floating-promises': 'off' },
  },
);
