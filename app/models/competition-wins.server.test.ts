import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { builds } from '../../db/schema';
import { db } from '~/services/db.server';
import { closeCompetition } from './competition-closing.server';
import { enterCompetition } from './competition-entries.server';
import { buildWins, memberWins } from './competition-wins.server';
import { rateBuild } from './ratings.server';
import { prizeName } from '~/domain/competitions';
import { aCompetition, aListedBuild, aMember } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';

const HOUR = 3600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

withScreeningOff();

const PRIZES = ['1st: the Golden Zip Tie badge', '2nd: the Silver Sleeve badge', '3rd: the Bronze Comb badge'];

/** A competition that ended an hour ago with a jury, and `count` entries the crowd rated best first (entry 0 highest). */
async function aFinishedCompetition(count: number, { title = 'Cable Management Cup', close = true } = {}) {
  const jurors = [aMember(), aMember()];
  const crowd = [aMember(), aMember(), aMember()];
  const competitionId = aCompetition({
    title,
    prizes: PRIZES,
    startDate: ago(48),
    endDate: ago(1),
    jurors: jurors.map((juror) => juror.id),
  });
  const entries: { userId: number; buildId: number }[] = [];
  for (let index = 0; index < count; index++) {
    const userId = aMember().id;
    const buildId = await aListedBuild({ userId, title: `Entry ${index + 1}` });
    expect(enterCompetition({ competitionId, userId, buildId }, ago(20))).toMatchObject({ ok: true });
    for (const voter of crowd) rateBuild({ buildId, userId: voter.id, rating: Math.max(1, 5 - index) }, ago(2));
    entries.push({ userId, buildId });
  }
  // The jurors put the fourth entry first: the jury prize goes to a build off the community's podium.
  for (const [index, { buildId }] of entries.entries()) {
    for (const juror of jurors) rateBuild({ buildId, userId: juror.id, rating: index === 3 ? 5 : 2 }, ago(2));
  }
  if (close) expect(closeCompetition(competitionId)).toMatchObject({ ok: true });
  return { competitionId, entries };
}

describe('what a build or member won', () => {
  it('is the podium with the prize line each place was promised, and the jury prize, never a place below the podium', async () => {
    const { competitionId, entries } = await aFinishedCompetition(5);
    const wins = buildWins(entries.map((entry) => entry.buildId));
    const shown = (index: number) => wins.get(entries[index]!.buildId)!.map(({ prize, prizeText }) => ({ prize, prizeText }));

    expect(shown(0)).toEqual([{ prize: { kind: 'place', place: 1 }, prizeText: PRIZES[0] }]);
    expect(shown(1)).toEqual([{ prize: { kind: 'place', place: 2 }, prizeText: PRIZES[1] }]);
    expect(shown(2)).toEqual([{ prize: { kind: 'place', place: 3 }, prizeText: PRIZES[2] }]);
    // Fourth by the ratings: that is no win; the jury prize is.
    expect(shown(3)).toEqual([{ prize: { kind: 'jury' }, prizeText: null }]);
    expect(shown(4)).toEqual([]);

    expect(memberWins(entries[3]!.userId)).toEqual([
      {
        competitionId,
        competitionTitle: 'Cable Management Cup',
        closedAt: expect.any(Date),
        badgeUrl: null,
        prize: { kind: 'jury' },
        prizeText: null,
        build: { id: entries[3]!.buildId, title: 'Entry 4', imageId: expect.any(Number), photoAlt: null },
      },
    ]);
    expect(memberWins(entries[4]!.userId)).toEqual([]);
  });

  it('is nothing while the competition is not closed: its result is not out yet', async () => {
    const { entries } = await aFinishedCompetition(4, { close: false });

    expect([...buildWins(entries.map((entry) => entry.buildId)).values()].flat()).toEqual([]);
    expect(entries.flatMap((entry) => memberWins(entry.userId))).toEqual([]);
  });

  it('never names a build that is no longer listed: the member keeps the win, the build has no ribbon', async () => {
    const { entries } = await aFinishedCompetition(4);
    const winner = entries[0]!;
    db().update(builds).set({ reviewStatus: 'held' }).where(eq(builds.id, winner.buildId)).run();

    expect(buildWins([winner.buildId]).get(winner.buildId)).toEqual([]);
    expect(memberWins(winner.userId)).toEqual([expect.objectContaining({ prize: { kind: 'place', place: 1 }, build: null })]);
  });

  it('lists every win of a member, the latest first; a build that took both prizes has both', async () => {
    const member = aMember();
    const juror = aMember();
    const older = aCompetition({ title: 'Older cup', prizes: PRIZES, startDate: ago(100), endDate: ago(60), jurors: [juror.id] });
    const rig = await aListedBuild({ userId: member.id, title: 'Double winner' });
    enterCompetition({ competitionId: older, userId: member.id, buildId: rig }, ago(80));
    rateBuild({ buildId: rig, userId: aMember().id, rating: 5 }, ago(70));
    rateBuild({ buildId: rig, userId: juror.id, rating: 5 }, ago(70));
    expect(closeCompetition(older, undefined, ago(59))).toMatchObject({ ok: true });
    const newer = aCompetition({ title: 'Newer cup', prizes: PRIZES, startDate: ago(48), endDate: ago(1) });
    const newRig = await aListedBuild({ userId: member.id, title: 'Newer rig' });
    enterCompetition({ competitionId: newer, userId: member.id, buildId: newRig }, ago(20));
    rateBuild({ buildId: newRig, userId: aMember().id, rating: 4 }, ago(2));
    expect(closeCompetition(newer)).toMatchObject({ ok: true });

    expect(memberWins(member.id).map((win) => [win.competitionTitle, prizeName(win.prize), win.build?.title])).toEqual([
      ['Newer cup', '1st place', 'Newer rig'],
      ['Older cup', '1st place', 'Double winner'],
      ['Older cup', 'Jury prize', 'Double winner'],
    ]);
    expect(
      buildWins([rig])
        .get(rig)!
        .map((win) => prizeName(win.prize)),
    ).toEqual(['1st place', 'Jury prize']);
  });
});
