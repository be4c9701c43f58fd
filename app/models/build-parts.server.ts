import { and, asc, eq } from 'drizzle-orm';
import { buildParts, builds } from '../../db/schema';
import { type BuildPart, MAX_BUILD_PARTS, type PartCategory } from '~/domain/build-parts';
import type { RoastFacts } from '~/roast/facts';
import { db, type Writer } from '~/services/db.server';

const partColumns = {
  id: buildParts.id,
  category: buildParts.category,
  name: buildParts.name,
  status: buildParts.status,
  source: buildParts.source,
  position: buildParts.position,
};

/** A build's parts in the owner's order: proposed ones too (only the owner sees those). */
export function listParts(buildId: number, reader: Writer = db()): BuildPart[] {
  return reader
    .select(partColumns)
    .from(buildParts)
    .where(eq(buildParts.buildId, buildId))
    .orderBy(asc(buildParts.position), asc(buildParts.id))
    .all();
}

/** The parts the owner stands behind: what the build page's table and the roast use. */
export function confirmedParts(buildId: number, reader: Writer = db()): BuildPart[] {
  return listParts(buildId, reader).filter((part) => part.status === 'confirmed');
}

// The AI's guesses that map onto a part category; the rest of its facts (RGB, colours…) are not parts.
const PROPOSED_FROM_FACTS: [keyof RoastFacts & ('gpu' | 'cpu' | 'cooler' | 'case'), PartCategory][] = [
  ['gpu', 'GPU'],
  ['cpu', 'CPU'],
  ['cooler', 'cooler'],
  ['case', 'case'],
];

/**
 * Offers what the AI spotted as proposed parts, in the roast's transaction: one per
 * category the build has no part of yet, so neither the owner's parts nor a part they
 * already confirmed or corrected is ever proposed over.
 */
export function proposePartsFromFacts(tx: Writer, buildId: number, facts: RoastFacts): void {
  const parts = listParts(buildId, tx);
  const taken = new Set(parts.map((part) => part.category));
  let position = nextPosition(parts);
  const proposals = PROPOSED_FROM_FACTS.flatMap(([key, category]) => {
    const name = facts[key]?.trim();
    return name && !taken.has(category)
      ? [{ buildId, category, name, status: 'proposed' as const, source: 'ai' as const, position: position++ }]
      : [];
  }).slice(0, MAX_BUILD_PARTS - parts.length);
  if (proposals.length > 0) tx.insert(buildParts).values(proposals).run();
}

/**
 * The parts list a new build starts with, the owner's word (a glow-up's, carried over
 * from the earlier build and changed on the upload form): confirmed, in the order given.
 */
export function addOwnerPartsIn(tx: Writer, buildId: number, parts: readonly { category: PartCategory; name: string }[]): void {
  const rows = parts
    .slice(0, MAX_BUILD_PARTS)
    .map((part, index) => ({ buildId, ...part, status: 'confirmed' as const, source: 'owner' as const, position: index + 1 }));
  if (rows.length > 0) tx.insert(buildParts).values(rows).run();
}

function nextPosition(parts: BuildPart[]): number {
  return parts.reduce((max, part) => Math.max(max, part.position), 0) + 1;
}

export type PartChangeResult = { ok: true; part: BuildPart } | { ok: false; reason: 'not_found' | 'not_owner' | 'too_many' };

function ownedBuild(tx: Writer, buildId: number, userId: number): 'not_found' | 'not_owner' | null {
  const build = tx.select({ userId: builds.userId }).from(builds).where(eq(builds.id, buildId)).get();
  if (!build) return 'not_found';
  return build.userId === userId ? null : 'not_owner';
}

/** The owner adds a part of their own: confirmed, last in the list. */
export function addPart(buildId: number, userId: number, part: { category: PartCategory; name: string }): PartChangeResult {
  return db().transaction((tx) => {
    const refused = ownedBuild(tx, buildId, userId);
    if (refused) return { ok: false, reason: refused };
    const parts = listParts(buildId, tx);
    if (parts.length >= MAX_BUILD_PARTS) return { ok: false, reason: 'too_many' };
    const saved = tx
      .insert(buildParts)
      .values({ buildId, ...part, status: 'confirmed', source: 'owner', position: nextPosition(parts) })
      .returning(partColumns)
      .get();
    return { ok: true, part: saved };
  });
}

/**
 * The owner confirms a part as it is, or corrects its category or name, which confirms it
 * too: a corrected guess is the owner's word now.
 */
export function confirmPart(
  buildId: number,
  userId: number,
  partId: number,
  correction?: { category: PartCategory; name: string },
): PartChangeResult {
  return db().transaction((tx) => {
    const refused = ownedBuild(tx, buildId, userId);
    if (refused) return { ok: false, reason: refused };
    const saved = tx
      .update(buildParts)
      .set({ ...correction, status: 'confirmed' })
      .where(and(eq(buildParts.id, partId), eq(buildParts.buildId, buildId)))
      .returning(partColumns)
      .get();
    return saved ? { ok: true, part: saved } : { ok: false, reason: 'not_found' };
  });
}

/** The owner removes a part, proposed or confirmed. */
export function removePart(
  buildId: number,
  userId: number,
  partId: number,
): { ok: true } | { ok: false; reason: 'not_found' | 'not_owner' } {
  return db().transaction((tx) => {
    const refused = ownedBuild(tx, buildId, userId);
    if (refused) return { ok: false, reason: refused };
    const { changes } = tx
      .delete(buildParts)
      .where(and(eq(buildParts.id, partId), eq(buildParts.buildId, buildId)))
      .run();
    return changes > 0 ? { ok: true } : { ok: false, reason: 'not_found' };
  });
}
