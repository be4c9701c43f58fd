import { expect, it } from 'vitest';
import { rankEntries } from '~/models/competition-standings.server';
import { siteBefore } from '#tests/support/migrations';

// Competitions an existing site closed before their counts were kept get them once, by the
// close's own rule, so that a rating changed afterwards no longer moves them; those closed
// since keep what their close stored.

const HOUR = 3600_000;

it('counts the entries of competitions closed before, as the close does, and leaves the others as they are', () => {
  const { sqlite, db, applyRest } = siteBefore('_closing_counts_backfill');
  const member = sqlite.prepare('insert into users (username, username_key, email) values (?, ?, ?) returning id').pluck();
  const [owner, other, juror, voter, discounted] = ['owner', 'other', 'juror', 'voter', 'discounted'].map(
    (name) => member.get(name, name, `${name}@example.com`) as number,
  );
  sqlite.prepare("insert into images (hash, width, height) values ('a', 1, 1)").run();
  const build = sqlite
    .prepare("insert into builds (user_id, title, image_id, review_status) values (?, ?, 1, 'approved') returning id")
    .pluck();
  const [rig, otherRig] = [build.get(owner, 'Rig') as number, build.get(other, 'Other rig') as number];
  const start = Date.now() - 48 * HOUR;
  const end = Date.now() - HOUR;
  const competition = sqlite
    .prepare(
      "insert into competitions (title, description, theme, start_date, end_date, closed_at) values ('Closed', '', '', ?, ?, ?) returning id",
    )
    .pluck();
  const closed = competition.get(start, end, end) as number;
  const running = competition.get(start, Date.now() + HOUR, null) as number;
  // Closed once the counts were kept: its entry not listed then has none, and keeps none.
  const counted = competition.get(start, end, end) as number;
  const enter = sqlite.prepare('insert into competition_entries (competition_id, build_id, user_id, placement) values (?, ?, ?, ?)');
  enter.run(closed, rig, owner, 1);
  enter.run(closed, otherRig, other, null);
  enter.run(running, rig, owner, null);
  sqlite
    .prepare('insert into competition_entries (competition_id, build_id, user_id, placement, votes, points) values (?, ?, ?, ?, ?, ?)')
    .run(counted, otherRig, other, 1, 0, 0);
  enter.run(counted, rig, owner, null);
  sqlite.prepare('insert into competition_jurors (competition_id, user_id) values (?, ?)').run(closed, juror);
  sqlite.prepare("insert into rating_discounts (user_id, reason, by_name) values (?, 'ring', 'staff')").run(discounted);
  const rate = sqlite.prepare('insert into ratings (build_id, user_id, rating, created_at, updated_at) values (?, ?, ?, ?, ?)');
  // Counted: a member's vote in the window. Not counted: a juror's, a discounted member's, one changed after the end.
  rate.run(rig, voter, 4, start + HOUR, start + HOUR);
  rate.run(rig, juror, 5, start + HOUR, start + HOUR);
  rate.run(rig, discounted, 5, start + HOUR, start + HOUR);
  rate.run(rig, other, 1, start + HOUR, end + 1);

  applyRest();

  const counts = sqlite
    .prepare('select competition_id as competitionId, build_id as buildId, votes, points from competition_entries order by id')
    .all();
  expect(counts).toEqual([
    { competitionId: closed, buildId: rig, votes: 1, points: 4 },
    { competitionId: closed, buildId: otherRig, votes: 0, points: 0 },
    { competitionId: running, buildId: rig, votes: null, points: null },
    { competitionId: counted, buildId: otherRig, votes: 0, points: 0 },
    { competitionId: counted, buildId: rig, votes: null, points: null },
  ]);
  // The same counts as the rule the close applies.
  const ranked = rankEntries(db, { id: closed, startDate: new Date(start), endDate: new Date(end) });
  expect(
    ranked.map(({ buildId, votes, points }) => ({ competitionId: closed, buildId, votes, points })).sort((a, b) => a.buildId - b.buildId),
  ).toEqual(counts.slice(0, 2));
});
