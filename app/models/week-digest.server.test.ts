import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { builds } from '../../db/schema';
import { castBattleVote, recordBattleRanks } from './battles.server';
import { closeCompetition } from './competition-closing.server';
import { enterCompetition } from './competition-entries.server';
import { rankBuilds, saveStandings } from './leaderboards.server';
import { unlistBuild } from './moderation.server';
import { rateBuild } from './ratings.server';
import { reactToRoast } from './roast-reactions.server';
import { weekOnRigRoast } from './week-digest.server';
import { GLOW_UP_MIN_RATINGS } from '~/domain/glow-ups';
import { db } from '~/services/db.server';
import { resetEnv } from '~/services/env.server';
import { digestHasNews } from '~/domain/digest';
import { weeklyDigestEmail } from '~/services/mail-templates.server';
import { storeFit } from '#tests/support/battle-standings';
import { aBuild, aCompetition, aListedBuild, aMember, anImage } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';

withScreeningOff();

const HOUR = 3600_000;
const DAY = 24 * HOUR;

async function aRoastedBuild(title: string, roast: string, userId = aMember().id) {
  const id = await aListedBuild({ title, userId, at: new Date(Date.now() - 2 * DAY) });
  db()
    .update(builds)
    .set({ roast, roastedAt: new Date(Date.now() - DAY) })
    .where(eq(builds.id, id))
    .run();
  return id;
}

function landed(buildId: number, count: number, at = new Date()) {
  for (let n = 0; n < count; n++) expect(reactToRoast({ buildId, userId: aMember().id, reaction: 'landed' }, at).ok).toBe(true);
}

const rankTheWeek = () => saveStandings(db(), 'week', rankBuilds('week', 100, Date.now()));

describe('the week on RigRoast', () => {
  it('tells the top builds, the roasts that landed most and the competitions that closed, and nothing of hidden builds', async () => {
    const best = await aRoastedBuild('Best of the week', 'A rig so clean it squeaks. The rest is cables.');
    const good = await aRoastedBuild('Good one', 'Solid. Boring, but solid.');
    const hidden = await aRoastedBuild('Hidden later', 'This one got hidden.');
    for (let n = 0; n < 4; n++) rateBuild({ buildId: best, userId: aMember().id, rating: 5 }, new Date(Date.now() - 12 * HOUR));
    for (let n = 0; n < 4; n++) rateBuild({ buildId: good, userId: aMember().id, rating: 3 }, new Date(Date.now() - 12 * HOUR));
    landed(good, 3);
    landed(best, 1);
    landed(hidden, 9);
    // Reactions older than a week are not this week's.
    landed(best, 5, new Date(Date.now() - 8 * DAY));

    const winner = aMember({ username: 'cup_winner' });
    const entry = await aRoastedBuild('Cup winner rig', 'Winning roast.', winner.id);
    const competitionId = aCompetition({
      title: 'Cable Cup',
      prizes: ['Golden Zip Tie'],
      startDate: new Date(Date.now() - 5 * DAY),
      endDate: new Date(Date.now() + HOUR),
    });
    expect(enterCompetition({ competitionId, userId: winner.id, buildId: entry }).ok).toBe(true);
    // An entry nobody voted for would not place.
    rateBuild({ buildId: entry, userId: aMember().id, rating: 4 }, new Date(Date.now() - 12 * HOUR));
    expect(closeCompetition(competitionId, undefined, new Date(Date.now() + 2 * HOUR)).ok).toBe(true);
    db().transaction((tx) => unlistBuild(tx, hidden, 'held', 'A moderator hid this build.', new Date()));
    rankTheWeek();

    const week = weekOnRigRoast('2026-W49');
    expect(week.topBuilds.map((build) => build.title)).toEqual(['Best of the week', 'Cup winner rig', 'Good one']);
    expect(week.topRoasts).toEqual([
      expect.objectContaining({ id: good, title: 'Good one', landed: 3, opening: 'Solid.' }),
      expect.objectContaining({ id: best, landed: 1, opening: 'A rig so clean it squeaks.' }),
    ]);
    expect(week.results).toEqual([
      {
        id: competitionId,
        title: 'Cable Cup',
        winner: { id: entry, title: 'Cup winner rig', username: 'cup_winner', prize: 'Golden Zip Tie' },
      },
    ]);

    const mail = weeklyDigestEmail({
      username: 'reader',
      digest: { kind: 'digest', ...week },
      links: {
        origin: 'https://rigroast.example',
        unsubscribe: 'https://rigroast.example/unsubscribe?token=t',
        settings: 'https://rigroast.example/profile',
      },
    });
    expect(mail.subject).toBe('The week on RigRoast (2026-W49)');
    expect(mail.text).toContain('TOP BUILDS\n1. Best of the week · @');
    expect(mail.text).toContain('ROASTS THAT LANDED\nGood one: “Solid.” (3 landed)');
    expect(mail.text).toContain(
      `COMPETITION RESULTS\nCable Cup: @cup_winner won with Cup winner rig (Golden Zip Tie)\nhttps://rigroast.example/competitions/${competitionId}`,
    );
    expect(mail.text).not.toContain('Hidden later');
    expect(mail.html).toContain(`href="https://rigroast.example/build/${best}"`);
  });

  it('tells the week’s battle winners and movers and its best glow-ups, on the page’s data and in the mail', async () => {
    vi.stubEnv('BATTLE_MIN_LEVEL', '1');
    resetEnv();
    const [a, b] = [await aListedBuild({ title: 'Underdog rig' }), await aListedBuild({ title: 'Favourite rig' })];
    const weekAgo = new Date(Date.now() - 7 * DAY);
    const standing = (buildId: number, conservative: number) => ({ buildId, estimate: conservative + 1, sd: 0.5, conservative, votes: 20 });
    storeFit([standing(b, 2), standing(a, 1)], weekAgo);
    recordBattleRanks(db(), weekAgo);
    for (let n = 0; n < 3; n++) {
      const voter = aMember({ createdAt: new Date(Date.now() - 30 * DAY) }).id;
      expect(castBattleVote({ voterId: voter, first: a, second: b, choice: 'first' })).toMatchObject({ ok: true });
    }
    storeFit([standing(a, 2), standing(b, 1)], new Date());
    recordBattleRanks(db(), new Date());

    const owner = aMember({ username: 'glow_owner' }).id;
    const before = await aListedBuild({ userId: owner, title: 'Beige box', at: new Date(Date.now() - 30 * DAY) });
    const after = await aBuild({ userId: owner, title: 'Beige box, reborn', imageId: anImage(), glowUpOf: before });
    for (let n = 0; n < GLOW_UP_MIN_RATINGS; n++) {
      rateBuild({ buildId: before, userId: aMember().id, rating: 2 }, new Date(Date.now() - 20 * DAY));
      rateBuild({ buildId: after, userId: aMember().id, rating: 5 });
    }

    const week = weekOnRigRoast('2026-W51');
    expect(week.battleWinners).toEqual([expect.objectContaining({ id: a, title: 'Underdog rig', wins: 3, votes: 3 })]);
    expect(week.battleMovers).toEqual([expect.objectContaining({ id: a, from: 2, to: 1 })]);
    expect(week.glowUps).toEqual([
      expect.objectContaining({ id: after, username: 'glow_owner', improvement: 3, before: { id: before, title: 'Beige box' } }),
    ]);
    const mail = weeklyDigestEmail({
      username: 'reader',
      digest: { kind: 'digest', ...week },
      links: { origin: 'https://rigroast.example', unsubscribe: 'https://rigroast.example/u', settings: 'https://rigroast.example/s' },
    });
    expect(mail.text).toContain('BATTLE WINNERS\nUnderdog rig · @');
    expect(mail.text).toContain('won 3 of 3 battles');
    expect(mail.text).toContain('BIGGEST MOVERS\nUnderdog rig');
    expect(mail.text).toContain('#2 to #1 in the battle rankings');
    expect(mail.text).toContain('BEST GLOW-UPS\nBeige box, reborn · @glow_owner · +3.0★ over Beige box');
  });

  it('has no news in a quiet week, and leaves out the parts with nothing', async () => {
    expect(digestHasNews(weekOnRigRoast('2026-W50'))).toBe(false);
    const only = await aRoastedBuild('Only roast', 'Landed hard. Ouch.');
    landed(only, 2);
    const week = weekOnRigRoast('2026-W50');
    expect(digestHasNews(week)).toBe(true);
    const mail = weeklyDigestEmail({
      username: 'reader',
      digest: { kind: 'digest', ...week },
      links: { origin: 'https://rigroast.example', unsubscribe: 'https://rigroast.example/u', settings: 'https://rigroast.example/s' },
    });
    expect(mail.text).toContain('ROASTS THAT LANDED');
    expect(mail.text).not.toContain('TOP BUILDS');
    expect(mail.text).not.toContain('COMPETITION RESULTS');
  });
});
