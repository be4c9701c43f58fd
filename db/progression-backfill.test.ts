import { afterEach, expect, it } from 'vitest';
import { databaseBefore } from '#tests/support/migrations';

// The progression migration backfills members from what they did before it: run it
// on a database that has data, as an existing site's has.

let close: (() => void) | undefined;

afterEach(() => close?.());

it('gives existing members the experience, levels, reputation and achievements their history earned', () => {
  const before = databaseBefore('_progression');
  close = before.close;
  const { db } = before;
  const sqlite = db.$client;
  const day = (n: number, hour = 12) => Date.UTC(2026, 9, 1 + n, hour);
  const user = sqlite.prepare('insert into users (username, username_key, email) values (?, lower(?), ?) returning id').pluck();
  const [owner, fan, quiet] = ['owner', 'fan', 'quiet'].map((name) => user.get(name, name, `${name}@example.com`) as number) as [
    number,
    number,
    number,
  ];
  sqlite.prepare("insert into images (hash, width, height) values ('a', 1, 1)").run();
  const build = sqlite
    .prepare(
      "insert into builds (user_id, title, image_id, review_status, roasted_at, created_at) values (?, 'rig', 1, ?, ?, ?) returning id",
    )
    .pluck();
  // Four listed builds on one day: the day's cap (150) pays three of them. One held build earns nothing.
  const listed = [0, 1, 2, 3].map((n) => build.get(owner, 'approved', n === 0 ? day(0, 13) : null, day(0, 10 + n)) as number);
  build.get(owner, 'held', null, day(0, 9));
  const fanBuilds = Array.from({ length: 12 }, (_, n) => build.get(quiet, 'approved', null, day(1, n)) as number);
  const rate = sqlite.prepare('insert into ratings (build_id, user_id, rating, created_at, updated_at) values (?, ?, ?, ?, ?)');
  rate.run(listed[0], fan, 5, day(2), day(2));
  rate.run(listed[1], fan, 1, day(2), day(2));
  // Twelve ratings on one day: 10 × 2 reach the cap of 20, and the tenth earns "Critic".
  for (const [n, buildId] of fanBuilds.entries()) rate.run(buildId, fan, 4, day(3, n), day(3, n));
  sqlite.prepare('insert into comments (build_id, user_id, content, created_at) values (?, ?, ?, ?)').run(listed[0], fan, 'Nice', day(4));
  sqlite
    .prepare('insert into comments (build_id, user_id, content, created_at) values (?, ?, ?, ?)')
    .run(listed[0], owner, 'Thanks', day(4));

  before.applyRest();

  const members = sqlite.prepare('select id, experience, level, reputation from users order by id').all();
  const achievements = (userId: number) =>
    sqlite
      .prepare(
        'select t.code, a.earned_at as earnedAt from user_achievements a join achievement_types t on t.id = a.achievement_type_id where a.user_id = ? order by t.id',
      )
      .all(userId);
  // owner: 3 × 50 (the 4th build is over the cap) + first build and first roast (25 each) + 2 ratings received × 5.
  expect(achievements(owner)).toEqual([
    { code: 'first-build', earnedAt: day(0, 10) },
    { code: 'first-roast', earnedAt: day(0, 13) },
  ]);
  // fan: 2 × 2 (day 2) + 20 (capped day 3) + 3 (comment) + Critic, first comment (25 each).
  expect(achievements(fan)).toEqual([
    { code: 'first-comment', earnedAt: day(4) },
    { code: 'ratings-given-10', earnedAt: day(3, 7) }, // its 10th rating: the 8th of day 3
  ]);
  // quiet: 12 builds over one day, capped at 150, first build and Collector (5 builds); 12 ratings received × 5 (cap 100),
  // and Crowd Pleaser: 150 + 60 + 75 = 285, level 3.
  expect(members).toEqual([
    { id: owner, experience: 150 + 50 + 10, level: 3, reputation: 3 - 1 },
    { id: fan, experience: 4 + 20 + 3 + 50, level: 2, reputation: 0 },
    { id: quiet, experience: 150 + 60 + 75, level: 3, reputation: 12 * 2 },
  ]);
});
