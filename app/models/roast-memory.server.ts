import { and, desc, eq } from 'drizzle-orm';
import { replyLines, roastLines, roastReactions } from '../../db/schema';
import { type LineMemory, lineWeight, recentLines, REPLY_MEMORY, ROAST_MEMORY } from '~/roast/builtin/memory';
import type { Writer } from '~/services/db.server';

/**
 * What the built-in roaster must know before it writes: the lines of the last
 * ROAST_MEMORY roasts (newest first) and every line's weight from members'
 * reactions. Read inside the transaction that saves the roast, so two roast jobs
 * finishing together cannot both pick a line neither had seen used.
 */
export function roastMemory(tx: Writer): LineMemory {
  const rows = tx.select({ lines: roastLines.lines }).from(roastLines).orderBy(desc(roastLines.roastedAt)).limit(ROAST_MEMORY).all();
  return { recent: recentLines(rows.map((row) => row.lines)), weights: reactionWeights(tx) };
}

/** Remembers a built-in roast's lines, under the roast's own time (reactions name it). */
export function rememberRoastLines(tx: Writer, buildId: number, roastedAt: Date, lines: readonly string[]): void {
  tx.insert(roastLines)
    .values({ buildId, roastedAt, lines: [...lines] })
    .onConflictDoUpdate({ target: [roastLines.buildId, roastLines.roastedAt], set: { lines: [...lines] } })
    .run();
}

/**
 * Each line's weight from the roasts it appeared in: how many members found those
 * roasts landed and how many missed, each member counted once per line however
 * many of its roasts they reacted to.
 */
function reactionWeights(tx: Writer): Map<string, number> {
  const rows = tx
    .select({ lines: roastLines.lines, userId: roastReactions.userId, reaction: roastReactions.reaction })
    .from(roastReactions)
    .innerJoin(roastLines, and(eq(roastLines.buildId, roastReactions.buildId), eq(roastLines.roastedAt, roastReactions.roastedAt)))
    .all();
  const votes = new Map<string, { landed: Set<number>; missed: Set<number> }>();
  for (const row of rows) {
    for (const line of row.lines) {
      const entry = votes.get(line) ?? { landed: new Set(), missed: new Set() };
      entry[row.reaction].add(row.userId);
      votes.set(line, entry);
    }
  }
  return new Map([...votes].map(([line, { landed, missed }]) => [line, lineWeight(landed.size, missed.size)]));
}

/** RoastBot's recent built-in lines: the last REPLY_MEMORY replies site-wide and in this thread. */
export function replyMemory(tx: Writer, threadId: number): LineMemory {
  const siteWide = tx.select({ lines: replyLines.lines }).from(replyLines).orderBy(desc(replyLines.commentId)).limit(REPLY_MEMORY).all();
  const inThread = tx
    .select({ lines: replyLines.lines })
    .from(replyLines)
    .where(eq(replyLines.threadId, threadId))
    .orderBy(desc(replyLines.commentId))
    .limit(REPLY_MEMORY)
    .all();
  const recent = recentLines(siteWide.map((row) => row.lines));
  for (const [id, age] of recentLines(inThread.map((row) => row.lines))) recent.set(id, Math.min(age, recent.get(id) ?? age));
  return { recent, weights: new Map() };
}

export function rememberReplyLines(tx: Writer, commentId: number, threadId: number, lines: readonly string[]): void {
  tx.insert(replyLines)
    .values({ commentId, threadId, lines: [...lines] })
    .run();
}
