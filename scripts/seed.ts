// `npm run seed`: fills the database (DATABASE_PATH) with demo members, builds with
// generated photos, an active competition in contest mode (with a jury) and an ended one with
// its community and jury winners, the notifications all that tells its members (the bell,
// /notifications), and a rating ring and a burst for staff to find under Vote integrity.
// App modules are loaded through Vite, which understands the project's TypeScript paths.
import { createServer } from 'vite';

const vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'warn' });
try {
  const { seed } = (await vite.ssrLoadModule('/scripts/seed-data.ts')) as { seed: () => Promise<void> };
  await seed();
} finally {
  await vite.close();
}
