import { spawnSync } from 'node:child_process';

/** Integration tests run the real production server, so build it once per run. */
export default function setup() {
  if (process.env.SKIP_BUILD === '1') return;
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'pipe', encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}\n${result.stderr}`);
}
