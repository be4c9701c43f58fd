import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:container`: the image tests, apart from `npm test` (they build the
// image with podman and run it). One file at a time: each runs containers on a
// machine whose cores the image build and the screening models already fill.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    include: ['tests/container/**/*.test.ts'],
    globalSetup: ['tests/container/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
