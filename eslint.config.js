import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'build', 'data', 'node_modules', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The pure core (DESIGN §1): shared by the app and the API, so it may import neither, nor
    // a framework or Node built-in; zod, dayjs and its own files only.
    files: ['domain/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                'react/*',
                '@mui/*',
                'react-admin',
                'ra-*',
                '@tanstack/*',
              ],
              message: 'domain/ é puro: sem React, MUI ou react-admin.',
            },
            { group: ['node:*'], message: 'domain/ é puro: sem módulos do Node.' },
            {
              regex: '^(\\.\\./)+(src|server|tests|bench)(/|$)',
              message: 'domain/ não importa o app nem o servidor.',
            },
          ],
          paths: builtinModules.map((name) => ({
            name,
            message: 'domain/ é puro: sem módulos do Node.',
          })),
        },
      ],
    },
  },
  {
    // Migrations are frozen in time (Kysely's guidance): what they need is copied into them.
    files: ['server/db/migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./',
              message: 'Uma migração não importa o app: copie para ela o que precisar.',
            },
          ],
        },
      ],
    },
  },
  {
    // Record forms come from src/ui/forms (unsaved-changes warning, no browser bubbles, a Salvar
    // that explains): a screen importing react-admin's own would lose them.
    files: ['src/**/*.tsx'],
    ignores: ['src/ui/forms.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-admin',
              importNames: ['SimpleForm', 'TabbedForm'],
              message: 'Use SimpleForm/TabbedForm de src/ui/forms.',
            },
          ],
        },
      ],
    },
  },
);
