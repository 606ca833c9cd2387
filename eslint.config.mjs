// ESLint flat config: typescript-eslint's recommended rules for the whole project, plus the
// layer rule that keeps shared/ pure (no Colyseus, Pixi, Node or browser imports).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-output/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Unused arguments named with a leading underscore are part of an interface.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Tests and Colyseus's typings need `any` at the edges; kept visible as warnings elsewhere.
      '@typescript-eslint/no-explicit-any': 'off',
      'no-undef': 'off', // TypeScript checks names.
    },
  },
  {
    // CommonJS scripts Node runs as they are (the bundle's launcher): require is how they load.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@colyseus/*', 'pixi.js', 'pixi.js/*', 'node:*', 'ioredis', 'express'], message: 'shared/ is pure rules: no server, client or Node imports.' },
        { group: ['**/server/**', '**/client/**'], message: 'shared/ imports only shared/.' },
      ] }],
      'no-restricted-globals': ['error', { name: 'window', message: 'shared/ runs on the server too.' }, { name: 'document', message: 'shared/ runs on the server too.' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'randomness is passed in (Random).' }, { object: 'Date', property: 'now', message: 'time is passed in.' }],
    },
  },
);
