import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { addComment } from './comments.server';
import { closeCompetition } from './competition-closing.server';
import { enterCompetition } from './competition-entries.server';
import {
  listMemberBuilds,
  listPlacements,
  lookUpMember,
  MEMBER_BUILDS_PAGE_SIZE,
  pruneFormerUsernames,
  readMemberPage,
} from './members.server';
import { hideBuild } from './moderation.server';
import { rateBuild } from './ratings.server';
import { changeUsername } from './users.server';
import { FORMER_USERNAME_DAYS } from '~/domain/members';
import { db } from '~/services/db.server';
import { aCompetition, aListedBuild, aMember } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';

withScreeningOff();

const DAY = 86_400_000;
const NOW = new Date(Date.UTC(2026, 2, 10, 12));
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
/** Held for review by a moderator: no longer listed. */
const hide = (buildId: number) => hideBuild(aMember({ isModerator: true }), buildId);
const titles = (userId: number, sort: Parameters<typeof listMemberBuilds>[1], page = 1) =>
  listMemberBuilds(userId, sort, page, MEMBER_BUILDS_PAGE_SIZE).builds.map((build) => build.title);

describe('looking a member up by the name in a URL', () => {
  it('finds the member whatever the case of the name, and never shows their e-mail address', () => {
    const member = aMember({ username: 'FrostByte', bio: 'All white.' });
    const found = lookUpMember('frostBYTE', NOW);
    expect(found).toEqual({
      kind: 'member',
      member: { id: member.id, username: 'FrostByte', avatarUrl: '', bio: 'All white.', level: 1, createdAt: expect.any(Date) },
    });
    expect(JSON.stringify(found)).not.toContain('@example.com');
  });

  it('says a disabled member is not available, by their name now or an old one', () => {
    const member = aMember({ username: 'OldBlaster' });
    changeUsername(member.id, 'Blaster', daysAgo(1));
    db().update(users).set({ isDisabled: true }).where(eq(users.id, member.id)).run();
    expect(lookUpMember('Blaster', NOW)).toEqual({ kind: 'unavailable' });
    expect(lookUpMember('OldBlaster', NOW)).toEqual({ kind: 'unavailable' });
  });

  it(`leads an old name to the member's name now for ${FORMER_USERNAME_DAYS} days, through later renames, then forgets it`, () => {
    const member = aMember({ username: 'SleeveLord' });
    changeUsername(member.id, 'CableCzar', daysAgo(FORMER_USERNAME_DAYS - 1));
    changeUsername(member.id, 'CableKing', daysAgo(2));
    expect(lookUpMember('sleevelord', NOW)).toEqual({ kind: 'renamed', username: 'CableKing' });
    expect(lookUpMember('CableCzar', NOW)).toEqual({ kind: 'renamed', username: 'CableKing' });
    expect(lookUpMember('SleeveLord', new Date(NOW.getTime() + 2 * DAY))).toEqual({ kind: 'unknown' });

    expect(pruneFormerUsernames(new Date(NOW.getTime() + 2 * DAY))).toBe(1);
    expect(lookUpMember('CableCzar', NOW)).toEqual({ kind: 'renamed', username: 'CableKing' });
  });

  it('gives a released name to whoever takes it next, and a change of case only is no old name', () => {
    const first = aMember({ username: 'NeonNomad' });
    changeUsername(first.id, 'NeonNomadic', daysAgo(1));
    const second = aMember({ username: 'neonnomad' });
    expect(lookUpMember('NeonNomad', NOW)).toMatchObject({ kind: 'member', member: { id: second.id } });

    changeUsername(second.id, 'NEONNOMAD', NOW);
    expect(lookUpMember('neonnomad', NOW)).toMatchObject({ kind: 'member', member: { username: 'NEONNOMAD' } });
  });

  it('knows nobody by a name nobody had, or one too long to be a name', () => {
    aMember({ username: 'PixelPaladin' });
    expect(lookUpMember('PixelPaladins', NOW)).toEqual({ kind: 'unknown' });
    expect(lookUpMember('x'.repeat(5000), NOW)).toEqual({ kind: 'unknown' });
  });
});

describe("a member's builds", () => {
  it('lists only their listed builds, a page at a time, newest first with no build on two pages', async () => {
    const member = aMember();
    for (let n = 1; n <= MEMBER_BUILDS_PAGE_SIZE + 2; n++)
      await aListedBuild({ userId: member.id, title: `Rig ${n}`, at: daysAgo(30 - n) });
    const hidden = await aListedBuild({ userId: member.id, title: 'Hidden rig', at: NOW });
    await hide(hidden);
    await aListedBuild({ title: 'Someone else’s rig' });

    const { total } = listMemberBuilds(member.id, 'newest', 1, MEMBER_BUILDS_PAGE_SIZE);
    expect(total).toBe(MEMBER_BUILDS_PAGE_SIZE + 2);
    const first = titles(member.id, 'newest');
    const second = titles(member.id, 'newest', 2);
    expect(first[0]).toBe(`Rig ${MEMBER_BUILDS_PAGE_SIZE + 2}`);
    expect(first).toHaveLength(MEMBER_BUILDS_PAGE_SIZE);
    expect(second).toEqual(['Rig 2', 'Rig 1']);
    expect([...first, ...second]).not.toContain('Hidden rig');
    expect(titles(member.id, 'newest', 3)).toEqual([]);
  });

  it('sorts top rated by the leaderboard’s weighted score, unrated last, and most discussed by comments', async () => {
    const member = aMember();
    const raters = Array.from({ length: 6 }, () => aMember());
    const lucky = await aListedBuild({ userId: member.id, title: 'One lucky vote', at: daysAgo(1) });
    const favourite = await aListedBuild({ userId: member.id, title: 'Crowd favourite', at: daysAgo(2) });
    const disliked = await aListedBuild({ userId: member.id, title: 'Disliked', at: daysAgo(3) });
    await aListedBuild({ userId: member.id, title: 'Nobody rated', at: daysAgo(4) });
    rateBuild({ buildId: lucky, userId: raters[0]!.id, rating: 5 }, daysAgo(1));
    for (const rater of raters) rateBuild({ buildId: favourite, userId: rater.id, rating: rater === raters[0] ? 4 : 5 }, daysAgo(1));
    rateBuild({ buildId: disliked, userId: raters[1]!.id, rating: 1 }, daysAgo(1));
    for (const [index, rater] of raters.slice(0, 3).entries())
      addComment({ buildId: disliked, userId: rater.id, content: `Hmm ${index}` }, daysAgo(1));
    addComment({ buildId: favourite, userId: raters[4]!.id, content: 'Clean' }, daysAgo(1));

    expect(titles(member.id, 'top-rated')).toEqual(['Crowd favourite', 'One lucky vote', 'Disliked', 'Nobody rated']);
    expect(titles(member.id, 'most-discussed')).toEqual(['Disliked', 'Crowd favourite', 'One lucky vote', 'Nobody rated']);
    expect(titles(member.id, 'newest')).toEqual(['One lucky vote', 'Crowd favourite', 'Disliked', 'Nobody rated']);
  });
});

describe("a member's page", () => {
  it('shows where their entries finished in closed competitions, latest first, and says which builds are no longer listed', async () => {
    const member = aMember();
    const rival = aMember();
    const voter = aMember();
    const results: { title: string; mine: number }[] = [];
    for (const [index, title] of ['Spring Cup', 'Summer Cup'].entries()) {
      const competitionId = aCompetition({ title, startDate: daysAgo(40 - index * 10), endDate: daysAgo(31 - index * 10) });
      const mine = await aListedBuild({ userId: member.id, title: `${title} rig`, at: daysAgo(39 - index * 10) });
      const theirs = await aListedBuild({ userId: rival.id, at: daysAgo(39 - index * 10) });
      enterCompetition({ competitionId, userId: member.id, buildId: mine }, daysAgo(38 - index * 10));
      enterCompetition({ competitionId, userId: rival.id, buildId: theirs }, daysAgo(38 - index * 10));
      // A third entry nobody votes for takes no place, but counts among the entries.
      const unvoted = aMember();
      const unvotedBuild = await aListedBuild({ userId: unvoted.id, at: daysAgo(39 - index * 10) });
      enterCompetition({ competitionId, userId: unvoted.id, buildId: unvotedBuild }, daysAgo(38 - index * 10));
      // The member wins the first and comes second in the second.
      rateBuild({ buildId: index === 0 ? mine : theirs, userId: voter.id, rating: 5 }, daysAgo(37 - index * 10));
      rateBuild({ buildId: index === 0 ? theirs : mine, userId: voter.id, rating: 1 }, daysAgo(37 - index * 10));
      closeCompetition(competitionId, undefined, daysAgo(30 - index * 10));
      results.push({ title, mine });
    }
    await hide(results[0]!.mine);
    aCompetition({ title: 'Running Cup' });

    expect(listPlacements(member.id)).toEqual([
      expect.objectContaining({
        competitionTitle: 'Summer Cup',
        placement: 2,
        entrants: 3,
        build: { id: results[1]!.mine, title: 'Summer Cup rig', imageId: expect.any(Number), photoAlt: null },
      }),
      // Its place stays theirs; the build, hidden since, is not named.
      expect.objectContaining({ competitionTitle: 'Spring Cup', placement: 1, entrants: 3, build: null }),
    ]);
  });

  it('reads their progression, placements and a page of builds, or nothing for nobody', async () => {
    const member = aMember();
    await aListedBuild({ userId: member.id, title: 'Only rig' });
    const page = readMemberPage(member.id, 'newest', 1, NOW)!;
    expect(page.builds).toMatchObject({ total: 1, page: 1, pageCount: 1, sort: 'newest' });
    expect(page.builds.list.map((build) => build.title)).toEqual(['Only rig']);
    expect(page.progression.achievements.find((achievement) => achievement.code === 'first-build')?.earnedAt).toBeInstanceOf(Date);
    expect(readMemberPage(member.id, 'newest', 5, NOW)!.builds).toMatchObject({ list: [], pageCount: 1 });
    expect(readMemberPage(9999, 'newest', 1, NOW)).toBeNull();
  });
});
