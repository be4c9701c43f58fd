import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative, sep } from 'node:path';
import type { StaticMount } from '../../server/static-mounts';

// The hostile walk over the app's static mounts (server/static-mounts.ts): every mount,
// spelled every way a client may spell it, asked for files it must never send. A mount
// added to that list is walked too, with nobody writing a test for it.

export type RawAnswer = { status: number; body: Buffer };

/**
 * One GET with its request-target exactly as written: fetch (WHATWG URL) would resolve
 * dot segments and read backslashes as slashes before sending, and hide what the server does.
 */
export function rawGet(origin: string, target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((answered, failed) => {
    request({ host: hostname, port, path: target, method: 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => answered({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', failed);
    })
      .on('error', failed)
      .end();
  });
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const lastLetterUp = (word: string) => word.slice(0, -1) + word.slice(-1).toUpperCase();
const percentEncoded = (text: string) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
const firstEncoded = (word: string) => percentEncoded(word.charAt(0)) + word.slice(1);

/** A mount's path as clients may spell it: each segment in other letter cases or with an encoded letter, doubled or trailing slashes. */
export function mountSpellings(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const spellings = new Set([path, path.toUpperCase(), `${path.replace(/\/$/, '')}/`, path.replace(/^\//, '//')]);
  segments.forEach((segment, index) => {
    for (const spelled of [segment.toUpperCase(), capitalised(segment), lastLetterUp(segment), firstEncoded(segment), `${segment}.`]) {
      spellings.add(`/${segments.map((other, at) => (at === index ? spelled : other)).join('/')}`);
    }
  });
  return [...spellings];
}

const SEPARATORS = ['/', '%2f', '%2F', '%5c', '%5C', '\\', '%252f', '%c0%af'];
const DOT_DOTS = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%252e%252e', '..%00'];

/**
 * A path below a mount (its segments, `..` allowed) as clients may disguise it: separators
 * and dot segments encoded, once and twice; the name in other letter cases or encoded;
 * a trailing slash or dot, a NUL, a doubled slash.
 */
export function pathSpellings(segments: string[]): string[] {
  const name = segments.at(-1)!;
  const parents = segments.slice(0, -1);
  const spellings = new Set<string>();
  const ways = [
    ...SEPARATORS.map((separator) => ['..', separator] as const),
    ...DOT_DOTS.map((dotDot) => [dotDot, '/'] as const),
    ['%2e%2e', '%2f'],
    ['%2e%2e', '%5c'],
    ['%252e%252e', '%252f'],
  ] as const;
  for (const [dotDot, separator] of ways) spellings.add([...parents.map((part) => (part === '..' ? dotDot : part)), name].join(separator));
  const upTo = parents.join('/') + (parents.length > 0 ? '/' : '');
  for (const spelled of [
    name.toUpperCase(),
    capitalised(name),
    lastLetterUp(name),
    percentEncoded(name),
    firstEncoded(name),
    `${name}/`,
    `${name}//`,
    `${name}.`,
    `${name}%00`,
    `${name}%20`,
    `${name}%2f`,
    `${name};x`,
    `/${name}`,
    `./${name}`,
    `%2e/${name}`,
  ]) {
    spellings.add(upTo + spelled);
  }
  return [...spellings];
}

/** A file the site must never send: where it is on disk, and bytes that would give it away. */
type Secret = { file: string; marker: Buffer };

/** The first bytes of a file, or all of a small one: what would show it was sent. */
function markerOf(file: string): Buffer {
  return readFileSync(file).subarray(0, 64);
}

function plant(file: string, content = randomBytes(48)): Secret {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, content);
  return { file, marker: content };
}

/** A name as uploads are named (a SHA-256 and an extension) that no row lists. */
const unlistedName = (extension: string) => `${createHash('sha256').update(randomBytes(16)).digest('hex')}.${extension}`;

/** An unscreened photo's file where uploads wait for screening, for a walk to look for. */
export function unscreenedPhoto(uploadsDir: string): string {
  return plant(join(uploadsDir, 'private', 'images', unlistedName('jpg'))).file;
}

type Walk = {
  /** Where the server answers. */
  origin: string;
  /** The mounts, as staticMounts gives them for this server's folders. */
  mounts: StaticMount[];
  /** Files beside the mounts the site must never send (its database, the server build, an unscreened photo). */
  privateFiles: string[];
};

/**
 * Plants, in every mount's folder, a dot file, and in a mount of listed files a well-named
 * file no row lists; then asks every mount, spelled every way, for those and for each
 * private file (reached by `..` from the mount's folder, every way it may be written).
 * Answers what was sent that should not have been (empty when nothing was), and checks a
 * file of a whole-folder mount is served, so the walk asks the folder the server serves.
 */
export async function walkStaticMounts({ origin, mounts, privateFiles }: Walk): Promise<string[]> {
  const run = randomBytes(6).toString('hex');
  const planted: string[] = [];
  const leaks: string[] = [];
  const outside = privateFiles.map((file) => ({ file, marker: markerOf(file) }));
  try {
    const asks: Array<{ target: string; secret: Secret }> = [];
    for (const mount of mounts) {
      const own: Secret[] = [plant(join(mount.folder, `.secret-${run}`))];
      if (mount.serves === 'listed')
        own.push(plant(join(mount.folder, unlistedName('jpg'))), plant(join(mount.folder, unlistedName('webp'))));
      planted.push(...own.map((secret) => secret.file));
      if (mount.serves === 'folder') {
        const probe = plant(join(mount.folder, `probe-${run}.txt`));
        planted.push(probe.file);
        const served = await rawGet(origin, `${mount.path.replace(/\/$/, '')}/probe-${run}.txt`);
        if (served.status !== 200 || !served.body.equals(probe.marker)) leaks.push(`${mount.path} did not serve its own folder's file`);
      }
      const base = mount.path.replace(/\/$/, '');
      for (const secret of [...own, ...outside]) {
        const segments = relative(mount.folder, secret.file).split(sep);
        const [plain, ...disguised] = pathSpellings(segments);
        for (const spelled of mountSpellings(mount.path)) asks.push({ target: `${spelled.replace(/\/$/, '')}/${plain}`, secret });
        for (const path of disguised) asks.push({ target: `${base}/${path}`, secret });
        // A case variant and a disguise together.
        for (const path of disguised.slice(0, 8)) asks.push({ target: `${base.toUpperCase()}/${path}`, secret });
      }
    }
    // Four at a time: one client's share of the server's page line.
    for (let start = 0; start < asks.length; start += 4) {
      await Promise.all(
        asks.slice(start, start + 4).map(async ({ target, secret }) => {
          const answer = await rawGet(origin, target, { 'Accept-Encoding': 'br, gzip' });
          const refused = answer.status === 404 || answer.status === 400;
          if (!refused || answer.body.includes(secret.marker)) leaks.push(`${target} answered ${answer.status}`);
        }),
      );
    }
  } finally {
    for (const file of planted) rmSync(file, { force: true });
  }
  return leaks;
}
