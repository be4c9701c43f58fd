import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { writeOnce } from '~/services/files.server';
import { log } from '~/services/log.server';
import { fetchUploadFromPrimary } from '~/services/primary-files.server';
import { UPLOAD_MAX_BYTES } from '~/utils/constants';
import { counted } from '~/utils/count';
import { SOCIAL_CARD_SIZE } from '~/utils/meta';
import { loadSharp } from './sharp.server';
import { IMAGES_FOLDER } from './storage.server';

const { width: CARD_WIDTH, height: CARD_HEIGHT } = SOCIAL_CARD_SIZE;
/** The folder under UPLOADS_DIR that caches rendered cards. */
const CARDS_FOLDER = 'cards';

/** Part of every card's version: bump it when the drawing changes, so no cache keeps the old look. */
const DESIGN = 1;

export type CardInputs = {
  buildId: number;
  title: string;
  averageRating: number;
  ratingCount: number;
  /** A JPEG variant of the build photo, named by its content hash; null when the build has none. */
  photo: string | null;
};

const COLORS = { void: '#06070d', flame: '#ff8a2a', pink: '#ff4fd8', cyan: '#2ee6ff', ink: '#eef1ff', line: '#262c47' };
// Fonts come from the machine (fontconfig), never the network; DejaVu first, as the widths below are measured on it.
const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

/** The average as the card shows it: one decimal, like the build page. */
const shownRating = (card: CardInputs) => (Math.round(card.averageRating * 10) / 10).toFixed(1);

/** The rating as the card writes it: "4.3 · 12 ratings", or "No ratings yet". */
export function ratingText(card: CardInputs): string {
  const count = card.ratingCount;
  return count === 0 ? 'No ratings yet' : `${shownRating(card)} · ${counted(count, 'rating', 'ratings')}`;
}

/**
 * A short hash of everything drawn on the card. It names the cached file and
 * goes into the og:image URL, so a new rating or title is a new URL and file
 * while the same inputs always find the same one.
 */
export function cardVersion(card: CardInputs): string {
  const inputs = [DESIGN, card.title, shownRating(card), card.ratingCount, card.photo ? basename(card.photo) : null];
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 12);
}

/**
 * The card as JPEG bytes: read from `<uploadsDir>/cards/<buildId>-<version>.jpg`,
 * or rendered and written there once (temp file + rename), replacing the build's
 * older cards. A photo missing from this machine's volume gives a card without
 * it that is not kept, so the full card is made once the photo is there.
 */
export async function cardImage(card: CardInputs, { uploadsDir }: { uploadsDir: string }): Promise<Buffer> {
  const folder = join(uploadsDir, CARDS_FOLDER);
  const fileName = `${card.buildId}-${cardVersion(card)}.jpg`;
  const cached = await readFile(join(folder, fileName)).catch(ignoreMissing);
  if (cached) return cached;
  // Crawlers ask for a new card all at once when a link is posted: they share one render.
  let pending = rendering.get(fileName);
  if (!pending) {
    pending = oneAtATime(() => renderAndKeep(card, folder, fileName, uploadsDir)).finally(() => rendering.delete(fileName));
    rendering.set(fileName, pending);
  }
  return pending;
}

const rendering = new Map<string, Promise<Buffer>>();
let queue: Promise<unknown> = Promise.resolve();

// A render takes 100–300 ms of CPU; one at a time, however many cards are
// asked for, leaves the other cores to pages and uploads.
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task);
  queue = run.catch(() => undefined);
  return run;
}

function ignoreMissing(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw error;
}

async function renderAndKeep(card: CardInputs, folder: string, fileName: string, uploadsDir: string): Promise<Buffer> {
  const photo = card.photo ? ((await readFile(card.photo).catch(ignoreMissing)) ?? (await photoFromPrimary(card.photo, uploadsDir))) : null;
  const bytes = await renderCard(card, photo);
  if (card.photo && !photo) {
    log.warn(`social card of build ${card.buildId} drawn without its photo, which is missing from the volume`);
    return bytes;
  }
  await mkdir(folder, { recursive: true });
  await writeOnce(folder, fileName, bytes);
  const older = (await readdir(folder)).filter((name) => name.startsWith(`${card.buildId}-`) && name !== fileName);
  await Promise.all(older.map((name) => rm(join(folder, name), { force: true })));
  return bytes;
}

/** On a replica, a listed build's photo not copied here yet: fetched from the primary's public folder. */
async function photoFromPrimary(photo: string, uploadsDir: string): Promise<Buffer | null> {
  const name = basename(photo);
  const fetched = await fetchUploadFromPrimary({ uploadsDir, folder: IMAGES_FOLDER, fileName: name, maxBytes: UPLOAD_MAX_BYTES });
  return fetched ? readFile(join(uploadsDir, IMAGES_FOLDER, name)).catch(ignoreMissing) : null;
}

async function renderCard(card: CardInputs, photo: Buffer | null): Promise<Buffer> {
  const sharp = await loadSharp();
  const base = photo
    ? // 'attention' keeps the busiest part of the photo (the lit-up case, usually) in frame.
      sharp(photo).resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover', position: 'attention' })
    : sharp({ create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: COLORS.void } });
  return base
    .composite([{ input: Buffer.from(overlay(card)), top: 0, left: 0 }])
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

/** Text for SVG: the five XML escapes, and no characters XML forbids (controls), which would make the whole SVG invalid. */
function escapeXml(text: string): string {
  return text.replace(/[\p{Cc}\ufffe\uffff]/gu, '').replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Widths in ems of DejaVu Sans Bold by character class, rounded up from
 * measurements, so lines come out no longer than planned: SVG cannot wrap
 * text, and measuring every word with a text render would cost more than the
 * card. Other scripts and emoji count as a full em.
 */
const EM_WIDTHS: [RegExp, number][] = [
  [/[ '.,:;/\\|ijlIJ]/, 0.38],
  [/[-f!()[\]tr_`"*]/, 0.52],
  [/[mwMW@%]/, 1.1],
  [/[#+<=>^~&DGHNOQU]/, 0.87],
  [/[a-z0-9$?{}]/, 0.72],
  [/[A-Z\u00c0-\u024f]/, 0.85],
];

function emWidth(text: string): number {
  let width = 0;
  for (const char of text) width += EM_WIDTHS.find(([chars]) => chars.test(char))?.[1] ?? 1.05;
  return width;
}

/** The title's left edge, width and last baseline: it grows upwards from just above the rating. */
const TITLE_BOX = { x: 72, width: 740, lastBaseline: 440 };
/** Largest first; the title takes the largest size at which it fits in MAX_TITLE_LINES. */
const TITLE_SIZES = [72, 60, 50];
const MAX_TITLE_LINES = 3;
const LINE_HEIGHT = 1.12;

/** Greedy word wrap at `size` px; a word wider than the box is broken where it overflows. */
function wrap(title: string, size: number): string[] {
  const maxEm = TITLE_BOX.width / size;
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (emWidth(joined) <= maxEm) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const char of word) {
      if (emWidth(line + char) > maxEm) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The title's lines and font size: the largest size that fits, else the smallest with the end cut to "…". */
function layoutTitle(title: string): { lines: string[]; size: number } {
  for (const size of TITLE_SIZES) {
    const lines = wrap(title, size);
    if (lines.length <= MAX_TITLE_LINES) return { lines, size };
  }
  const size = TITLE_SIZES[TITLE_SIZES.length - 1]!;
  const lines = wrap(title, size).slice(0, MAX_TITLE_LINES);
  let last = lines.pop()!;
  while (last && emWidth(`${last}…`) > TITLE_BOX.width / size) last = [...last].slice(0, -1).join('');
  return { lines: [...lines, `${last.trimEnd()}…`], size };
}

// The site's star (components/stars.tsx) and logo mark (components/logo.tsx), on a 20 and 48 unit grid.
const STAR = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z';
const MARK = `<rect x="7" y="3" width="34" height="42" rx="7" fill="#0e111d" stroke="${COLORS.cyan}" stroke-width="3"/>
  <path d="M13 9h22" stroke="${COLORS.cyan}" stroke-opacity=".5" stroke-width="2" stroke-linecap="round"/>
  <path fill="url(#flame-up)" d="M24.6 13.5c1.6 4.6 7.9 7.7 7.9 14.4a8.5 8.5 0 0 1-17 0c0-3.9 2-6.3 4.3-8.1-.2 2.9 1 4.9 2.9 5.3-1-4.7.3-8.4 1.9-11.6z"/>
  <path fill="${COLORS.void}" d="M24 29.2c1.3 1.4 3.4 2.6 3.4 5a3.4 3.4 0 0 1-6.8 0c0-1.6.9-2.6 2-3.4 0 .9.5 1.6 1.2 1.7-.3-1.2-.2-2.3.2-3.3z"/>`;

/** Where the rating row sits: five stars, then the rating in words. */
const STARS = { top: 492, size: 52, gap: 10 };

function ratingRow(card: CardInputs): string {
  const { top, size, gap } = STARS;
  const left = TITLE_BOX.x;
  const row = (fill: string) =>
    [0, 1, 2, 3, 4]
      .map((index) => `<path d="${STAR}" fill="${fill}" transform="translate(${left + index * (size + gap)} ${top}) scale(${size / 20})"/>`)
      .join('');
  // The lit row is clipped to the rating, so 4.3 fills four stars and a third of the fifth.
  const rating = Number(shownRating(card));
  const whole = Math.floor(rating);
  const lit = whole * (size + gap) + (rating - whole) * size;
  return `<clipPath id="rated"><rect x="${left}" y="${top}" width="${lit}" height="${size}"/></clipPath>
  ${row(COLORS.line)}<g clip-path="url(#rated)">${row(COLORS.flame)}</g>
  <text x="${left + 5 * size + 4 * gap + 28}" y="${top + 41}" font-family="${FONT}" font-weight="bold" font-size="38" fill="${COLORS.ink}">${ratingText(card)}</text>`;
}

function overlay(card: CardInputs): string {
  const { lines, size } = layoutTitle(card.title.trim());
  const lineHeight = size * LINE_HEIGHT;
  const firstBaseline = TITLE_BOX.lastBaseline - (lines.length - 1) * lineHeight;
  // The label sits just above the title's capitals, wherever the first line starts.
  const labelBaseline = Math.round(firstBaseline - size * 0.73 - 34);
  const title = lines
    .map((line, index) => `<tspan x="${TITLE_BOX.x}" y="${Math.round(firstBaseline + index * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  <defs>
    <linearGradient id="shade" x1="0" x2="1" y1="0" y2="0">
      <stop offset="0" stop-color="${COLORS.void}" stop-opacity=".96"/>
      <stop offset=".42" stop-color="${COLORS.void}" stop-opacity=".85"/>
      <stop offset=".72" stop-color="${COLORS.void}" stop-opacity=".3"/>
      <stop offset="1" stop-color="${COLORS.void}" stop-opacity=".05"/>
    </linearGradient>
    <linearGradient id="floor" x1="0" x2="0" y1="0" y2="1">
      <stop offset=".55" stop-color="${COLORS.void}" stop-opacity="0"/>
      <stop offset="1" stop-color="${COLORS.void}" stop-opacity=".8"/>
    </linearGradient>
    <radialGradient id="pink-glow" cx="1" cy="0" r=".6"><stop offset="0" stop-color="${COLORS.pink}" stop-opacity=".28"/><stop offset="1" stop-color="${COLORS.pink}" stop-opacity="0"/></radialGradient>
    <radialGradient id="cyan-glow" cx="0" cy="1" r=".55"><stop offset="0" stop-color="${COLORS.cyan}" stop-opacity=".16"/><stop offset="1" stop-color="${COLORS.cyan}" stop-opacity="0"/></radialGradient>
    <linearGradient id="neon" x1="0" x2="1"><stop offset="0" stop-color="${COLORS.flame}"/><stop offset=".5" stop-color="${COLORS.pink}"/><stop offset="1" stop-color="${COLORS.cyan}"/></linearGradient>
    <linearGradient id="brand" x1="0" x2="1"><stop offset="0" stop-color="${COLORS.flame}"/><stop offset="1" stop-color="${COLORS.pink}"/></linearGradient>
    <linearGradient id="flame-up" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${COLORS.pink}"/><stop offset="1" stop-color="${COLORS.flame}"/></linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#shade)"/>
  <rect width="100%" height="100%" fill="url(#floor)"/>
  <rect width="100%" height="100%" fill="url(#pink-glow)"/>
  <rect width="100%" height="100%" fill="url(#cyan-glow)"/>
  <rect width="100%" height="10" fill="url(#neon)"/>
  <g transform="translate(64 52) scale(1.25)">${MARK}</g>
  <text x="136" y="104" font-family="${FONT}" font-weight="bold" font-size="40" letter-spacing="3" fill="${COLORS.ink}">RIG<tspan fill="url(#brand)">ROAST</tspan></text>
  <text x="${TITLE_BOX.x}" y="${labelBaseline}" font-family="${FONT}" font-weight="bold" font-size="22" letter-spacing="5" fill="${COLORS.cyan}">AI-ROASTED PC BUILD</text>
  <text font-family="${FONT}" font-weight="bold" font-size="${size}" fill="${COLORS.ink}">${title}</text>
  ${ratingRow(card)}
</svg>`;
}

/**
 * Deletes the cached cards of builds `keep` refuses (deleted or hidden builds),
 * answering how many files went (housekeeping).
 */
export async function pruneCards(uploadsDir: string, keep: (buildIds: number[]) => Set<number>): Promise<number> {
  const folder = join(uploadsDir, CARDS_FOLDER);
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const byBuild = names.map((name) => ({ name, buildId: Number.parseInt(name, 10) })).filter((card) => Number.isSafeInteger(card.buildId));
  const kept = keep([...new Set(byBuild.map((card) => card.buildId))]);
  const gone = byBuild.filter((card) => !kept.has(card.buildId));
  await Promise.all(gone.map((card) => rm(join(folder, card.name), { force: true })));
  return gone.length;
}
