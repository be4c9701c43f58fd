import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { builds } from '../../db/schema';
import { closeCompetition } from './competition-closing.server';
import { enterCompetition } from './competition-entries.server';
import { rankBuilds, saveStandings } from './leaderboards.server';
import { unlistBuild } from './moderation.server';
import { rateBuild } from './ratings.server';
import { reactToRoast } from './roast-reactions.server';
import { weekOnRigRoast } from './week-digest.server';
import { db } from '~/services/db.server';
import { digestHasNews } from '~/domain/digest';
import { weeklyDigestEmail } from '~/services/mail-templates.server';
import { aCompetition, aListedBuild, aMember } from '#tests/support/factories';
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
    expect(closeCompetition(competitionId, undefined, new Date(Date.now() + 2 * HOUR)).ok).toBe(true);
    db().transaction((tx) => unlistBuild(tx, hidden, 'held', 'A moderator hid this build.', new Date()));
    rankTheWeek();

    const week = weekOnRigRoast('2026-W49');
    expect(week.topBuilds.map((build) => build.title)).toEqual(['Best of the week', 'Good one']);
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
