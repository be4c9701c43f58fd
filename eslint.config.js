import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layers (README, "Architecture"; docs/decisions/009-layers.md): routes → web →
// models → services, with domain/ and utils/ below them all. Each folder lists what it
// must never import; `npm run lint` fails on a wrong arrow.
const never = {
  routes: { group: ['~/routes/**', '**/routes/**', '~/root'], message: 'Only the route table and the server reach routes.' },
  components: { group: ['~/components/**', '**/components/**'], message: 'Server-side layers do not render components.' },
  web: {
    group: ['~/web/**', '**/web/**', '~/api/request.server'],
    message: 'Request-level code sits above the models: call down, not up.',
  },
  models: { group: ['~/models/**', '**/models/**'], message: 'Services and the pure folders sit below the models: they never call them.' },
  server: {
    group: ['*.server', '**/*.server', '~/services/**', '~/server/**'],
    message: 'This folder also runs in the browser: nothing server-only.',
  },
  database: { group: ['drizzle-orm*', '**/db/schema*', '~/services/db.server'], message: 'Routes call app/models, not the database.' },
};

const boundary = (files, groups) => ({
  files,
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  rules: { 'no-restricted-imports': ['error', { patterns: groups.map(({ group, message }) => ({ group, message })) }] },
});

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'test-results/', 'playwright-report/', 'tests/.artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  boundary(['app/routes/**'], [never.database]),
  boundary(['app/web/**', 'app/api/**'], [never.routes, never.components]),
  boundary(['app/models/**', 'app/jobs/**', 'app/roast/**'], [never.routes, never.components, never.web]),
  boundary(['app/services/**'], [never.routes, never.components, never.web, never.models]),
  boundary(['app/utils/**', 'app/domain/**'], [never.routes, never.components, never.web, never.models, never.server]),
  {
    // Components may name the models' types, never run their code (it is server-only).
    files: ['app/components/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['~/models/**', '**/models/**'],
              allowTypeImports: true,
              message: 'Components import models with `import type` only.',
            },
            { ...never.server, group: ['*.server', '**/*.server', '~/services/**', '~/web/**'] },
            never.routes,
          ],
        },
      ],
    },
  },
);
