import { describe, expect, it } from 'vitest';
import { call, expectContract } from '#tests/support/api';
import { pageText } from '#tests/support/browser';
import { readRow } from '#tests/support/test-database';
import { aBuildBy } from '#tests/support/uploads';
import { sharedStack } from '#tests/support/stack';
import { waitFor } from '#tests/support/wait';

const stack = sharedStack({}, { network: '192.0.2' });
const query = <T>(sql: string, ...params: unknown[]) => readRow<T>(stack.app.databasePath, sql, ...params);

type Progression = {
  level: number;
  experience: number;
  nextLevelAt: number;
  reputation: number;
  streak: number;
  achievements: { code: string; earnedAt: string | null }[];
};
const earned = (progression: Progression) => progression.achievements.filter((item) => item.earnedAt).map((item) => item.code);

describe('progression over HTTP', () => {
  it('grows with taking part: the profile and GET /api/user show level, experience, reputation, streak and achievements', async () => {
    const owner = await stack.member();
    const buildId = await aBuildBy(owner, 'Progress rig');
    const fan = await stack.member();
    await fan.post(`/build/${buildId}`, { intent: 'rate', rating: '5' });
    await fan.post(`/build/${buildId}`, { intent: 'comment', content: 'Clean cables!' });

    const fanView = await call(fan, 'GET', '/api/user');
    expectContract('GET', '/api/user', fanView.body);
    const fanProgress = (fanView.body as { progression: Progression }).progression;
    // A rating (2) and a comment (3) on someone else's build, and "Conversation Starter" (25).
    expect(fanProgress).toMatchObject({ level: 1, experience: 30, nextLevelAt: 50, streak: 1 });
    expect(earned(fanProgress)).toEqual(['first-comment']);

    // The built-in roaster writes the owner's roast in the background: "Roasted" follows.
    const ownerProgress = await waitFor(async () => {
      const body = (await call(owner, 'GET', '/api/user')).body as { progression: Progression };
      return earned(body.progression).includes('first-roast') ? body.progression : undefined;
    });
    // The listed build (50), a rating received (5), "First Build" and "Roasted" (25 each); 5 stars make reputation 3.
    expect(ownerProgress).toMatchObject({ level: 2, experience: 105, reputation: 3, streak: 1 });

    const profile = pageText((await owner.get('/profile?tab=stats')).html);
    expect(profile).toContain('Level 2');
    expect(profile).toMatch(/First Build Share a build that passes screening\. Earned \d+ \w+ \d{4}/);
    expect(profile).toMatch(/Critic Rate 10 other members' builds\. Locked/);
    expect(pageText((await fan.get(`/build/${buildId}`)).html)).toMatch(/@\S+ Lv 1/);
  });

  it('gives an achievement once when the actions that earn it arrive together', async () => {
    const owner = await stack.member();
    const buildId = await aBuildBy(owner, 'Busy thread');
    const talker = await stack.member();
    const before = (await call(talker, 'GET', '/api/user')).body as { id: number };
    await Promise.all(
      Array.from({ length: 6 }, (_, index) => talker.post(`/build/${buildId}`, { intent: 'comment', content: `Comment ${index}` })),
    );
    const awards = query<{ n: number }>(
      "select count(*) as n from user_achievements a join achievement_types t on t.id = a.achievement_type_id where a.user_id = ? and t.code = 'first-comment'",
      before.id,
    );
    expect(awards.n).toBe(1);
    // Six comments (3 each) and the achievement's 25, once.
    expect(query<{ experience: number }>('select experience from users where id = ?', before.id).experience).toBe(6 * 3 + 25);
  });
});
