import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Architecture rules (ARCHITECTURE.md "Rules that keep the house livable", rule 1): a web feature never imports
// another feature's internals (shared code goes to components/ or lib/; app/ composes features), an API module
// uses another only through its index.ts (decision 047), and the API's plugins/, db/ and lib/ know no feature
// module (app.ts hands them what they need).
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureBoundaries = webFeatures.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^@/features/(?!${feature}/)`,
            message:
              'Una feature no importa otra: lo compartido va a components/ o lib/, y app/ compone features.',
          },
        ],
      },
    ],
  },
}));

// An API module imports another by its public face, `'../<module>'` (its index.ts), never a file inside it.
// One block per folder depth: from modules/<m>/x.ts another module is `../<other>/…`, one folder deeper `../../`.
// A module's test factories and set-ups keep to that rule too (factories several modules share live in test/factories/);
// only the tests themselves may reach into a file of another module, as the module graph test allows.
const apiTestCode = ['**/*.test.ts'];
const apiModules = readdirSync(new URL('./apps/api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const moduleBoundaries = apiModules.flatMap((mod) =>
  [1, 2, 3].map((depth) => ({
    files: [`apps/api/src/modules/${mod}/${'*/'.repeat(depth - 1)}*.ts`],
    ignores: apiTestCode,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^${'\\.\\./'.repeat(depth)}(?!${mod}/)[a-z0-9-]+/`,
              message:
                "Un módulo de la API usa otro solo por su cara pública: importe de '../<módulo>' (su index.ts), no de sus archivos.",
            },
          ],
        },
      ],
    },
  })),
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/api/drizzle/**',
      'e2e/artifacts/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...featureBoundaries,
  ...moduleBoundaries,
  {
    files: ['apps/api/src/plugins/**/*.ts', 'apps/api/src/db/**/*.ts', 'apps/api/src/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/modules/',
              message: 'plugins/, db/ y lib/ no conocen ninguna feature: app.ts les pasa lo que necesitan.',
            },
          ],
        },
      ],
    },
  },
);
