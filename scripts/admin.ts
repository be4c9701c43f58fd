// `npm run admin -- grant you@example.com` (or `revoke`): builds once if there is
// no build yet, then runs the command (server/admin-cli.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = `${root}build/server/admin-cli.js`;

if (!existsSync(entry)) {
  console.log('No build yet: building RigRoast once (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(entry).href);
