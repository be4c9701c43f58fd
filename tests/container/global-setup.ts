import { spawn } from 'node:child_process';
import { IMAGE, podmanUnavailable, PROJECT_ROOT } from '#tests/support/container';

/**
 * Builds the image from the Dockerfile as it is, once per run (layers cached between
 * runs). SKIP_IMAGE_BUILD=1 runs the tests on the image already tagged IMAGE.
 * `--pull=never`: the base images are the public ones, or where they cannot be
 * pulled the stand-ins of ../shared/tools/container; `--format docker` keeps the
 * HEALTHCHECK, which OCI images drop.
 */
export default async function buildImage(): Promise<void> {
  const unavailable = podmanUnavailable();
  if (unavailable) throw new Error(unavailable);
  if (process.env.SKIP_IMAGE_BUILD === '1') return;
  const started = performance.now();
  const args = ['build', '--pull=never', '--format', 'docker', '-t', IMAGE, PROJECT_ROOT];
  const output: string[] = [];
  const status = await new Promise<number | null>((done, fail) => {
    const child = spawn('podman', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('error', fail);
    child.once('exit', done);
  });
  if (status !== 0) throw new Error(`podman ${args.join(' ')} failed:\n${output.join('').slice(-6_000)}`);
  console.log(`Built ${IMAGE} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
