// `npm run arrows`: the imports between the layers, counted, every one that runs
// against their order (the HTTP host in server/ → routes → web → jobs → models → roast →
// images → queue → services, with domain/ and utils/ below them all), and every circle
// between app/'s folders. Type-only imports are left out: they vanish from the built code.
// `--root DIR` reads another checkout (to compare before and after a change).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { root: { type: 'string', default: '.' } } });
const root = resolve(values.root);
const app = join(root, 'app');
const host = join(root, 'server');

/** Top first: a layer may import those after it, never those before it. */
const LAYERS = [
  // server/, beside app/: its folders are not app's.
  ['host', []],
  ['routes', ['routes', 'root.tsx', 'entry.server.tsx', 'document', 'components']],
  ['web', ['web', 'api']],
  ['jobs', ['jobs']],
  ['models', ['models']],
  ['roast', ['roast']],
  ['images', ['images']],
  ['queue', ['queue']],
  ['services', ['services']],
  ['pure', ['domain', 'utils']],
] as const;

type Layer = (typeof LAYERS)[number][0];

/** The folder (or top-level file) of app/ a file sits in; `server` for the host's. */
const folderOf = (file: string) => (relative(host, file).startsWith('..') ? (relative(app, file).split('/')[0] ?? '') : 'server');

function layerOf(file: string): Layer | undefined {
  if (!relative(host, file).startsWith('..')) return 'host';
  const top = folderOf(file);
  return LAYERS.find(([, folders]) => (folders as readonly string[]).includes(top))?.[0];
}

const rank = (layer: Layer) => LAYERS.findIndex(([name]) => name === layer);

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === '+types' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Value imports (and re-exports) of a module: specifiers of `import x from`, `import {…} from`, `export … from`. */
function valueImports(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]/gm)) {
    const [, typeOnly, clause = '', specifier = ''] = match;
    if (typeOnly) continue;
    // `import { type A, type B }` is type-only too.
    const names = /^\{([^}]*)\}$/
      .exec(clause.trim())?.[1]
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (names && names.length > 0 && names.every((name) => name.startsWith('type '))) continue;
    found.push(specifier);
  }
  for (const match of text.matchAll(/^import\s+['"]([^'"]+)['"]/gm)) found.push(match[1] ?? '');
  return found;
}

function target(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('~/')) return join(app, specifier.slice(2));
  if (specifier.startsWith('.')) return resolve(dirname(from), specifier);
  return undefined;
}

/** Circles in a graph: its strongly connected parts of more than one node (Tarjan). */
function circles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member !== undefined) part.push(member);
    } while (member !== node);
    if (part.length > 1) found.push(part.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

const counts = new Map<string, number>();
const against: string[] = [];
const folders = new Map<string, Set<string>>();
for (const file of [...sources(host), ...sources(app)]) {
  const from = layerOf(file);
  for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
    const path = target(file, specifier);
    if ((path?.startsWith(app + '/') || path?.startsWith(host + '/')) && folderOf(path) !== folderOf(file)) {
      folders.set(folderOf(file), (folders.get(folderOf(file)) ?? new Set()).add(folderOf(path)));
    }
    if (!from) continue;
    const to = path && layerOf(path);
    if (!to || to === from) continue;
    const arrow = `${from} → ${to}`;
    counts.set(arrow, (counts.get(arrow) ?? 0) + 1);
    if (rank(to) < rank(from)) against.push(`${relative(root, file)} → ${specifier}`);
  }
}

console.log('| arrow | imports |\n|---|---:|');
for (const [arrow, count] of [...counts].sort()) console.log(`| ${arrow} | ${count} |`);
console.log(`\n${against.length} imports against the layer order${against.length > 0 ? ':' : ''}`);
for (const line of against) console.log(`  ${line}`);
const loops = circles(folders);
console.log(`${loops.length} circles between folders${loops.length > 0 ? ':' : ''}`);
for (const loop of loops) console.log(`  ${loop.join(' ↔ ')}`);
