import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// One config for the app build, the dev server and vitest.
export default defineConfig(({ command, mode }) => ({
  plugins: [tailwindcss(), mode === 'test' ? null : reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: {
      // The server build's entry is our own HTTP server, which embeds the
      // React Router build (see app/server/main.ts).
      build: { rollupOptions: { input: './app/server/main.ts' } },
      // Bundled into the build so React's production build is chosen at build time,
      // whatever NODE_ENV says at run time, and start-up reads one file, not hundreds
      // (docs/decisions/001-http-server.md). The dev server loads them from node_modules.
      resolve:
        command === 'build'
          ? { noExternal: ['react', 'react-dom', 'react-router', 'scheduler', '@react-router/node', '@react-router/express'] }
          : {},
    },
  },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'db/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
}));
