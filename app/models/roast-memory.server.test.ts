import { describe, expect, it } from 'vitest';
import { db } from '~/services/db.server';
import { REPLY_MEMORY } from '~/roast/builtin/memory';
import { addComment, saveAiReply } from './comments.server';
import { replyMemory } from './roast-memory.server';
import { aListedBuild, aMember } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';

withScreeningOff();

describe('replyMemory', () => {
  it("knows the last 50 replies site-wide and the thread's own older ones", async () => {
    const buildId = await aListedBuild();
    const userId = aMember().id;
    const thread = addComment({ buildId, userId, content: 'Hi @RoastBot' }).id;
    const elsewhere = addComment({ buildId, userId, content: 'Another thread' }).id;
    db().transaction((tx) => saveAiReply(tx, { buildId, threadId: thread, content: 'First.', askerId: null, lines: ['in-thread'] }));
    for (let i = 0; i < REPLY_MEMORY; i++) {
      db().transaction((tx) =>
        saveAiReply(tx, { buildId, threadId: elsewhere, content: `Reply ${i}.`, askerId: null, lines: [`line-${i}`] }),
      );
    }
    const site = db().transaction((tx) => replyMemory(tx, elsewhere));
    expect(site.recent.get(`line-${REPLY_MEMORY - 1}`)).toBe(0);
    expect(site.recent.has('in-thread')).toBe(false);
    const own = db().transaction((tx) => replyMemory(tx, thread));
    expect(own.recent.get('in-thread')).toBe(0);
    expect(own.recent.size).toBe(REPLY_MEMORY + 1);
  });
});
