import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { configDefaults } from 'vitest/config';
import LongestFirst from '#tests/support/longest-first';

// React Router names every server entry after its server build file (index.js,
// then index2.js …): the screening worker's and the admin command's entries keep
// their own names, which app/roast/screening/screening.server.ts and
// scripts/admin.ts run. Shared and lazily loaded chunks (the server itself, which
// index.js loads once the process has its memory settings) sit beside them, so the
// screening worker is found next to whichever file holds screening.server.ts.
//
// The server's code is written in ASCII without comments: V8 keeps each script's
// source, and one character beyond Latin-1 (an ellipsis, a "≤" in a comment) makes
// it keep the whole file at two bytes a character.
const serverEntryNames: Plugin = {
  name: 'rigroast:server-entry-names',
  config: () => ({
    environments: {
      ssr: {
        build: {
          rollupOptions: {
            output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', charset: 'ascii', comments: false },
          },
        },
      },
    },
  }),
};

// The data files the screening worker reads (app/roast/screening/worker.ts): the
// WebAssembly backend's binaries and face-api's SSD MobileNetV1 weights. The build
// carries them beside the worker, so the installed server needs neither package (with
// them came the full tfjs, a WebGL backend and core-js: 250 MB of the image).
const resolvePackage = createRequire(import.meta.url).resolve;
const SCREENING_MODELS = {
  dir: 'screening-models',
  files: [
    ...['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'].map((name) =>
      join(dirname(resolvePackage('@tensorflow/tfjs-backend-wasm')), name),
    ),
    ...['ssd_mobilenetv1_model-weights_manifest.json', 'ssd_mobilenetv1_model.bin'].map((name) =>
      join(dirname(resolvePackage('@vladmandic/face-api/package.json')), 'model', name),
    ),
  ],
};
const screeningModels: Plugin = {
  name: 'rigroast:screening-models',
  applyToEnvironment: (environment) => environment.name === 'ssr',
  generateBundle() {
    for (const file of SCREENING_MODELS.files) {
      this.emitFile({ type: 'asset', fileName: `${SCREENING_MODELS.dir}/${file.split('/').pop()}`, source: readFileSync(file) });
    }
  },
};

/** Libraries that only pages with forms need: a module using them stays out of `shared`. */
const FORM_LIBRARIES = /node_modules[\\/](zod|@conform-to)[\\/]/;
const APP_MODULE = /[\\/]app[\\/]/;

/**
 * The browser's modules in a dozen files instead of thirty to fifty: every app module
 * two or more pages use goes into one `shared` chunk, except those that reach the form
 * libraries. A phone fetched, compiled and ran each small file on its own, which kept
 * its main thread busy in many short tasks (docs/decisions/029-client-chunks.md).
 * Taking a module without its imports needs entries that may gain exports
 * ('allow-extension') and modules run in their import order.
 */
const clientChunks: Plugin = {
  name: 'rigroast:client-chunks',
  enforce: 'post',
  configEnvironment(name, config) {
    if (name !== 'client') return;
    const build = (config.build ??= {});
    const options = build.rolldownOptions ?? build.rollupOptions ?? {};
    build.rolldownOptions = {
      ...options,
      preserveEntrySignatures: 'allow-extension',
      output: {
        ...options.output,
        strictExecutionOrder: true,
        codeSplitting: {
          groups: [{ name: sharedChunkName, minShareCount: 2, includeDependenciesRecursively: false }],
        },
      },
    };
  },
};

function sharedChunkName(id: string, context: Rolldown.ChunkingContext): string | null {
  if (!APP_MODULE.test(id)) return null;
  const seen = new Set<string>();
  const needsForms = (module: string): boolean => {
    if (seen.has(module)) return false;
    seen.add(module);
    return FORM_LIBRARIES.test(module) || (context.getModuleInfo(module)?.importedIds ?? []).some(needsForms);
  };
  return needsForms(id) ? null : 'shared';
}

/*
 * Vitest's default is one worker less than the cores: one on a 2-core machine, so every
 * file ran in turn. The three projects run side by side (one group, so one worker count),
 * three files more than the cores: an integration file spends much of its time waiting on
 * its server process, and the other files fill the cores meanwhile (with two more, the
 * cores sat a tenth idle over the run's first half; with four more, files slowed each
 * other). Files share their worker's loaded modules instead of loading them again each
 * (half the unit run); tests/support/file-hygiene.ts puts back what a file may leave behind.
 */
const WORKERS = { maxWorkers: availableParallelism() + 3, isolate: false };

/** Tests of the modules that work on the database. */
const DOMAIN_TESTS = [
  'app/{models,images,jobs,queue,roast}/**/*.server.test.ts',
  'app/web/session.server.test.ts',
  'app/web/atom-feed.server.test.ts',
  'server/public-uploads.test.ts',
];

// One config for the app build, the dev server and vitest.
export default defineConfig(({ command, mode }) => ({
  plugins: [tailwindcss(), mode === 'test' ? null : reactRouter(), serverEntryNames, screeningModels, clientChunks],
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: {
      // The server build's entry is our own HTTP server, which embeds the
      // React Router build (see server/main.ts); beside it, the image
      // screening process that the server forks (app/roast/screening), the
      // upkeep threads (app/jobs/worker-thread.server.ts) and the
      // `npm run admin` command (server/admin-cli.ts).
      build: {
        rollupOptions: {
          input: {
            index: './server/main.ts',
            'screening-worker': './app/roast/screening/worker.ts',
            'admin-cli': './server/admin-cli.ts',
            'integrity-worker': './app/jobs/integrity-worker.ts',
            'battle-fit-worker': './app/jobs/battle-fit-worker.ts',
            'leaderboard-worker': './app/jobs/leaderboard-worker.ts',
          },
        },
      },
      // Every library but the two with native code is bundled into the build: React's
      // production build is chosen at build time whatever NODE_ENV says at run time,
      // there is one copy of React, and the server starts in half a second with a
      // small heap instead of resolving hundreds of ESM files from node_modules
      // (docs/decisions/001-http-server.md). The screening worker's model libraries
      // too: V8 keeps every script's source, and theirs held 15 MB of the screening
      // process's heap as loaded from node_modules (decision 015). The dev server
      // loads them all from node_modules.
      resolve: command === 'build' ? { noExternal: true, external: ['better-sqlite3', 'sharp'] } : {},
      // Libraries' own `process.env.NODE_ENV` checks are settled at build time;
      // RigRoast's configuration reads NODE_ENV through env(), untouched by this.
      // `__dirname` (tfjs's WebAssembly loader reads it) is the bundle's folder, as in CommonJS.
      define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production'), __dirname: 'import.meta.dirname' } : {},
    },
  },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 120_000,
    sequence: { sequencer: LongestFirst },
    // `npm test` runs both; a unit run neither builds nor starts the server.
    projects: [
      // The domain's tests (models, jobs, roast, sessions) each get a fresh database; the rest
      // (adapters, components, rules) never touch one and do not pay for loading it.
      {
        extends: true,
        test: {
          name: 'unit-server',
          include: [...DOMAIN_TESTS, 'db/**/*.test.ts'],
          setupFiles: ['tests/support/file-hygiene.ts', 'tests/support/unit-database.ts'],
          ...WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{app,server}/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...DOMAIN_TESTS],
          setupFiles: ['tests/support/file-hygiene.ts'],
          ...WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/file-hygiene.ts'],
          ...WORKERS,
        },
      },
    ],
  },
}));
