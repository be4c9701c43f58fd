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
      // React and everything that imports it are bundled into the build, so React's
      // production build is chosen at build time whatever NODE_ENV says at run time,
      // and there is one copy of React (docs/decisions/001-http-server.md). A new
      // library with React components or hooks belongs in this list. The dev server
      // loads them all from node_modules.
      resolve: command === 'build' ? { noExternal: [/^react/, /^@react-router\//, /^@conform-to\//, 'scheduler'] } : {},
      // Libraries' own `process.env.NODE_ENV` checks are settled at build time;
      // RigRoast's configuration reads NODE_ENV through env(), untouched by this.
      define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
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
