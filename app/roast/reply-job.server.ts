import { commentForAiReply, saveAiReply } from '~/models/comments.server';
import type { JobHandler } from '~/jobs/runner.server';
import { composeReply } from './builtin/index.server';
import { roastFactsSchema } from './facts';
import { ollamaReply } from './ollama.server';
import { chooseOllama, withFallback } from './provider.server';

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
    const builtin = async () => composeReply({ seed: `reply:${comment.id}`, title: comment.title, facts, comment: member });
    const ollama = await chooseOllama();
    const content = ollama
      ? await withFallback(
          ollama,
          () => ollamaReply(ollama.config, { title: comment.title, roast: comment.roast, facts, thread: comment.thread }, signal),
          builtin,
          signal,
        )
      : await builtin();
    complete((tx) => saveAiReply(tx, { buildId: comment.buildId, threadId: comment.threadId, content, askerId: comment.userId }));
  },
};
