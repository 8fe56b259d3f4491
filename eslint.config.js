import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Record forms come from src/ui/forms (unsaved-changes warning, no browser bubbles, a Salvar
// that explains): a screen importing react-admin's own would lose them.
const FORM_IMPORTS = [
  {
    name: 'react-admin',
    importNames: ['SimpleForm', 'TabbedForm'],
    message: 'Use SimpleForm/TabbedForm de src/ui/forms.',
  },
];

// A feature imports ui/, providers/, routing/, domain/ and its own files, never another
// feature's (DESIGN §1): what two features share moves down a floor. Only src/features/index.ts
// (outside every feature) lists them all. One block per feature and folder depth, since a
// relative import names the way out by its `../`s.
const FEATURES = readdirSync(join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = FEATURES.flatMap((feature) =>
  [0, 1, 2, 3].map((depth) => {
    const other = `(?!${feature}(/|$))[^./][^/]*`;
    return {
      files: [`src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: FORM_IMPORTS,
            patterns: [
              {
                regex: `^(\\.\\./){${depth + 1}}${other}|^(\\.\\./){${depth + 2}}features/${other}|^(\\.\\./){${depth + 3}}src/features/${other}`,
                message: `Uma feature não importa outra: mova o que ${feature} compartilha para src/ui, src/providers ou domain.`,
              },
            ],
          },
        ],
      },
    };
  }),
);

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
  // A server module is a room with one door (DESIGN §1): other modules and the floors below import
  // only its index.ts, so what a module keeps to itself can change without breaking another.
  {
    files: ['server/modules/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./)[^/]+/(?!index\\.js$)',
              message: 'Importe outro módulo só pela porta dele: ../<módulo>/index.js.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/modules/*/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./(?!\\.\\./)[^/]+/(?!index\\.js$)',
              message: 'Importe outro módulo só pela porta dele: <módulo>/index.js.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/modules/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\./[^/]+/(?!index\\.js$)',
              message: 'Registre cada módulo pela porta dele: ./<módulo>/index.js.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/modules/**', 'server/db/migrations/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/[^/]+/(?!index\\.js$)',
              message:
                'Fora dos módulos, importe um módulo só pela porta dele: modules/<módulo>/index.js.',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes are thin (DESIGN §1): HTTP shape, schemas, access. A query belongs to the module's
    // service or repository, which the route calls.
    files: ['server/modules/*/routes*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|selectNoFrom|transaction|with)$/]',
          message: 'Uma rota não consulta o banco: mova a consulta para o serviço do módulo.',
        },
        {
          selector: "ImportDeclaration[source.value='kysely'][importKind!='type']",
          message: 'Uma rota não consulta o banco: mova a consulta para o serviço do módulo.',
        },
      ],
    },
  },
  {
    // The floors below the modules (HTTP helpers, plugins, PDF drawing, database, audit trail,
    // passwords, seed) import none: what a module must lend them is handed down by app.ts.
    files: ['server/{http,plugins,pdf,db,audit,auth,seed,imports}/**/*.ts'],
    ignores: ['server/db/migrations/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules(/|$)',
              message: 'Um andar abaixo dos módulos não importa módulo nenhum.',
            },
          ],
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
    files: ['src/**/*.tsx'],
    ignores: ['src/ui/forms.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: FORM_IMPORTS }] },
  },
  ...featureBoundaries,
  {
    // MUI 9 dropped the system props: Typography's color takes a palette name ('error',
    // 'textSecondary'); a theme path such as 'text.secondary' is silently ignored (black text).
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXOpeningElement[name.name='Typography'] > JSXAttribute[name.name='color'] Literal[value=/\\./]",
          message:
            'Typography: use o nome da paleta (color="textSecondary", "error") ou sx; o MUI 9 ignora caminhos como \'text.secondary\'.',
        },
      ],
    },
  },
);
