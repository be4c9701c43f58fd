import { LRUCache } from 'lru-cache';
import type { RegionMarkup } from '~/components/shared-region';

/** One render's view of the kept markup; `keep` reads the regions it drew from the finished document. */
export type RegionRender = RegionMarkup & {
  keep(document: Buffer): void;
  /** How many regions this render took from earlier ones, and how many it drew. */
  readonly counts: { kept: number; drawn: number };
};

type Kept = { deps: readonly unknown[]; html: string };

/** Plain values are part of a region's key; objects (shared reads) are compared by identity. */
const isPlain = (value: unknown) => value === null || (typeof value !== 'object' && typeof value !== 'function');

/**
 * The markup of SharedRegions (components/shared-region.tsx), kept per page,
 * region and deps. A region is found again only by a render of the same page
 * (path and query) from the very objects it was drawn from — a change of the
 * data makes new objects, so nobody is sent markup older than the data their
 * page reads.
 */
export function regionMarkupStore({ maxBytes }: { maxBytes: number }) {
  const kept = new LRUCache<string, Kept>({ maxSize: maxBytes, sizeCalculation: ({ html }) => 2 * html.length + 256 });
  const keyOf = (page: string, name: string, deps: readonly unknown[]) =>
    `${page}\n${name}\n${deps.map((value) => (isPlain(value) ? String(JSON.stringify(value)) : '#')).join(',')}`;

  return {
    /** For one render of `page` (its path and query). */
    forRender(page: string): RegionRender {
      const drawn = new Map<string, { key: string; deps: readonly unknown[] } | 'twice'>();
      const counts = { kept: 0, drawn: 0 };
      return {
        counts,
        find(name, deps) {
          const hit = kept.get(keyOf(page, name, deps));
          if (!hit || !sameDeps(hit.deps, deps)) return undefined;
          counts.kept += 1;
          return hit.html;
        },
        drawn(name, deps) {
          counts.drawn += 1;
          // Two regions of one name cannot be told apart in the document: neither is kept.
          drawn.set(name, drawn.has(name) ? 'twice' : { key: keyOf(page, name, deps), deps });
        },
        keep(document) {
          if (drawn.size === 0) return;
          const html = document.toString('utf8');
          for (const [name, region] of drawn) {
            if (region === 'twice') continue;
            const inner = regionInner(html, name);
            // A script would carry this response's nonce to others.
            if (inner !== undefined && !inner.includes('<script')) kept.set(region.key, { deps: region.deps, html: inner });
          }
        },
      };
    },
  };
}

function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

const DIV_TAGS = /<div[\s>]|<\/div>/g;

/**
 * The inner HTML of `<div data-region="name">` in a document React wrote. React
 * escapes `<` in text and attributes, so every `<div` and `</div>` is a tag.
 */
export function regionInner(html: string, name: string): string | undefined {
  const open = html.indexOf(`<div data-region="${name}"`);
  if (open === -1) return undefined;
  const start = html.indexOf('>', open) + 1;
  const tags = new RegExp(DIV_TAGS.source, 'g');
  tags.lastIndex = start;
  let depth = 1;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) return html.slice(start, tag.index);
  }
  return undefined;
}

/** Room for the shared parts of a few hundred pages. */
const REGION_MARKUP_MAX_BYTES = 16 * 1024 * 1024;

export const regionMarkup = regionMarkupStore({ maxBytes: REGION_MARKUP_MAX_BYTES });
