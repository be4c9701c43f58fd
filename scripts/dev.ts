// `npm run dev`: the same HTTP server as production, with Vite's dev server
// (HMR, on-demand compilation) in front of React Router.
import { createServer } from 'vite';
import type { start as Start } from '../server/start';

const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
const { start } = (await vite.ssrLoadModule('/server/start.ts')) as { start: typeof Start };
await start({
  mode: 'development',
  vite,
  build: () => vite.ssrLoadModule('virtual:react-router/server-build') as never,
});
