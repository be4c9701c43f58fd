import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addComment } from './comments.server';
import { memberActivity, RECENT_ACTIVITY } from './member-activity.server';
import { reportItem } from './reports.server';
import { resetEnv } from '~/services/env.server';
import { aListedBuild, aMember } from '#tests/support/factories';

beforeEach(() => {
  vi.stubEnv('SCREENING', 'off');
  resetEnv();
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnv();
});

const at = (minutes: number) => new Date(Date.UTC(2026, 5, 1, 12, minutes));

describe("a member's recent activity, as staff read it on the member's page", () => {
  it('lists their latest builds and comments, a few of each, newest first, each naming its build', async () => {
    const member = aMember();
    const builds: number[] = [];
    for (let n = 0; n <= RECENT_ACTIVITY; n++) builds.push(await aListedBuild({ userId: member.id, title: `Rig ${n}`, at: at(n) }));
    const elsewhere = await aListedBuild({ title: 'Someone else’s rig' });
    const comment = addComment({ buildId: elsewhere, userId: member.id, content: `Nice   cable\nmanagement ${'x'.repeat(300)}` }, at(30));
    await aListedBuild({ title: 'Not theirs' });

    const activity = memberActivity(member.id);
    expect(activity.builds.map((build) => build.title)).toEqual(
      Array.from({ length: RECENT_ACTIVITY }, (_, n) => `Rig ${RECENT_ACTIVITY - n}`),
    );
    expect(activity.builds[0]).toMatchObject({ id: builds.at(-1), reviewStatus: 'approved' });
    expect(activity.comments).toEqual([
      {
        id: comment.id,
        buildId: elsewhere,
        buildTitle: 'Someone else’s rig',
        excerpt: expect.stringMatching(/^Nice cable management x+…$/),
        createdAt: at(30),
      },
    ]);
    expect(activity.comments[0]!.excerpt.length).toBeLessThanOrEqual(140);
  });

  it('lists the reports about their builds and comments with who filed them, and the reports they filed with whose item', async () => {
    const member = aMember();
    const reporter = aMember();
    const own = await aListedBuild({ userId: member.id, title: 'Their rig' });
    const other = await aListedBuild({ userId: reporter.id, title: 'Reporter’s rig' });
    const comment = addComment({ buildId: other, userId: member.id, content: 'Rude words' });
    reportItem(reporter.id, { buildId: own }, 'spam');
    reportItem(reporter.id, { commentId: comment.id }, 'offensive');
    reportItem(member.id, { buildId: other }, 'unrelated');

    const { reportsAbout, reportsBy } = memberActivity(member.id);
    expect(reportsAbout).toHaveLength(2);
    expect(reportsAbout).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          reason: 'spam',
          buildId: own,
          buildTitle: 'Their rig',
          commentId: null,
          other: { id: reporter.id, username: reporter.username },
        }),
        expect.objectContaining({
          reason: 'offensive',
          buildId: other,
          commentId: comment.id,
          commentExcerpt: 'Rude words',
          status: 'open',
        }),
      ]),
    );
    expect(reportsBy).toEqual([
      expect.objectContaining({
        reason: 'unrelated',
        buildId: other,
        commentId: null,
        other: { id: reporter.id, username: reporter.username },
      }),
    ]);
    expect(memberActivity(reporter.id).reportsAbout).toEqual([expect.objectContaining({ reason: 'unrelated', buildId: other })]);
  });
});
