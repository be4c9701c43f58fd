import { confirmedParts } from '~/models/build-parts.server';
import { commentForAiReply, saveAiReply } from '~/models/comments.server';
import { replyMemory } from '~/models/roast-memory.server';
import type { JobHandler } from '~/queue/runner.server';
import { composeReply } from '~/roast/builtin/index.server';
import { roastFactsSchema } from '~/roast/facts';
import { ollamaReply } from '~/roast/ollama.server';
import { chooseOllama, withFallback } from '~/roast/provider.server';
import type { Writer } from '~/services/db.server';

type WriteReply = (tx: Writer) => { text: string; lines?: string[] };

/**
 * RoastBot answers a member's comment (a mention, or a reply to one of its own
 * comments) under the same thread, through Ollama when it is in use, else with
 * the built-in roaster's lines. No reply is better than a broken one: a reply
 * that keeps failing is simply not written.
 */
export const replyToComment: JobHandler = {
  async run({ job, signal, complete }) {
    const comment = commentForAiReply(Number(job.payload.commentId));
    if (!comment) return;
    const parsed = roastFactsSchema.safeParse(comment.roastFacts);
    const facts = parsed.success ? parsed.data : null;
    const member = comment.thread.at(-1)?.content ?? '';
    // The owner's parts list answers what the photo cannot: which power supply, which exact CPU.
    const parts = confirmedParts(comment.buildId).map(({ category, name }) => ({ category, name }));
    // The built-in reply is composed inside the transaction that saves it, from the memory read there (as roasts are).
    const builtin = async (): Promise<WriteReply> => (tx) =>
      composeReply({
        seed: `reply:${comment.id}`,
        title: comment.title,
        facts,
        parts,
        comment: member,
        memory: replyMemory(tx, comment.threadId),
      });
    const ollama = await chooseOllama();
    const write = ollama
      ? await withFallback(
          ollama,
          async (): Promise<WriteReply> => {
            const text = await ollamaReply(
              ollama.config,
              { title: comment.title, roast: comment.roast, facts, parts, thread: comment.thread },
              signal,
            );
            return () => ({ text });
          },
          builtin,
          signal,
        )
      : await builtin();
    complete((tx) => {
      const { text, lines } = write(tx);
      saveAiReply(tx, { buildId: comment.buildId, threadId: comment.threadId, content: text, askerId: comment.userId, lines });
    });
  },
};
