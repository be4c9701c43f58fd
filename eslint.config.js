import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layers (README, "Architecture"; docs/decisions/009-layers.md): the HTTP host
// (server/, beside app/) → routes → web → jobs → models → roast → images → queue →
// services, with domain/ and utils/ below them all. Each folder lists what it must never
// import; `npm run lint` fails on a wrong arrow.
const never = {
  routes: { group: ['~/routes/**', '**/routes/**', '~/root'], message: 'Only the route table and the server reach routes.' },
  components: { group: ['~/components/**', '**/components/**'], message: 'Server-side layers do not render components.' },
  web: {
    group: ['~/web/**', '**/web/**', '~/api/request.server'],
    message: 'Request-level code sits above the models: call down, not up.',
  },
  jobs: { group: ['~/jobs/**', '**/jobs/**'], message: 'Background jobs sit above the models: only the server starts them.' },
  // Relative paths only, not **/models/**: the screening worker imports nsfwjs/models/….
  models: { group: ['~/models/**', '../**/models/**'], message: 'This folder sits below the models: it never calls them.' },
  roast: { group: ['~/roast/**', '**/roast/**'], message: 'The roast engine sits above the queue and the services: call down, not up.' },
  queue: {
    group: ['~/queue/**', '**/queue/**'],
    message: 'The job queue sits above the services and the pure folders: call down, not up.',
  },
  images: {
    group: ['~/images/**'],
    message: 'The images module sits above the queue, the services and the pure folders: they never call it.',
  },
  server: {
    group: ['*.server', '**/*.server', '~/services/**'],
    message: 'This folder also runs in the browser: nothing server-only.',
  },
  // Any number of `../` up to the root's server/: no alias reaches it.
  host: { regex: '^(\\.\\./)+server(/|$)', message: 'The HTTP host (server/) imports app/, never the other way.' },
  database: { group: ['drizzle-orm*', '**/db/schema*', '~/services/db.server'], message: 'Routes call app/models, not the database.' },
};

// Every list also keeps the host out of app/: a later block's list replaces an earlier one's.
const boundary = (files, groups) => ({
  files,
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  rules: { 'no-restricted-imports': ['error', { patterns: [...groups, never.host] }] },
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
  { files: ['app/**'], rules: { 'no-restricted-imports': ['error', { patterns: [never.host] }] } },
  // The host: the Express app, its middlewares, start-up and the admin command. It hands requests to React Router.
  boundary(['server/**'], [never.routes, never.components]),
  boundary(['app/routes/**'], [never.database]),
  boundary(['app/document/**'], [never.routes, never.web, never.models]),
  boundary(['app/web/**', 'app/api/**'], [never.routes, never.components]),
  boundary(['app/jobs/**'], [never.routes, never.components, never.web]),
  boundary(['app/models/**'], [never.routes, never.components, never.web, never.jobs]),
  boundary(['app/roast/**'], [never.routes, never.components, never.web, never.jobs, never.models]),
  // app/images: image files, their rows and pixels; what has no `.server` in its name is read by the browser too.
  boundary(['app/images/**'], [never.routes, never.components, never.web, never.jobs, never.models, never.roast]),
  {
    ...boundary(['app/images/**'], [never.routes, never.components, never.web, never.jobs, never.models, never.roast, never.server]),
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.server.ts'],
  },
  boundary(['app/queue/**'], [never.routes, never.components, never.web, never.jobs, never.models, never.roast, never.images]),
  boundary(
    ['app/services/**'],
    [never.routes, never.components, never.web, never.jobs, never.models, never.roast, never.images, never.queue],
  ),
  boundary(
    ['app/utils/**', 'app/domain/**'],
    [never.routes, never.components, never.web, never.jobs, never.models, never.roast, never.images, never.queue, never.server],
  ),
  {
    // Components take their view types from app/domain or the images' browser files: nothing server-only, not even a type.
    files: ['app/components/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['~/models/**', '**/models/**'], message: 'Components name the types of app/domain, which the models return.' },
            { ...never.server, group: ['*.server', '**/*.server', '~/services/**', '~/web/**'] },
            never.routes,
          ],
        },
      ],
    },
  },
);
