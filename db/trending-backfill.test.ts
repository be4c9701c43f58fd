import { expect, it } from 'vitest';
import { siteBefore } from '#tests/support/migrations';
import { trendingByFormula, trendingOrder } from '#tests/support/trending';

// The migration that keeps a trending heat on each build fills it from the ratings and
// comments already there: run it on a database that has them, as an existing site's has.

it('gives existing builds the trending heat their last week earned', () => {
  // The gallery reads the process-wide database: this one.
  const { sqlite, applyRest } = siteBefore('_trending_heat');
  const now = Date.now();
  const hour = 3600_000;
  const user = sqlite.prepare('insert into users (username, username_key, email) values (?, lower(?), ?) returning id').pluck();
  const members = ['owner', 'ann', 'bob', 'cid'].map((name) => user.get(name, name, `${name}@example.com`) as number);
  const [owner, ann, bob, cid] = members as [number, number, number, number];
  sqlite.prepare("insert into images (hash, width, height) values ('a', 1, 1)").run();
  const build = sqlite
    .prepare('insert into builds (user_id, title, image_id, review_status, created_at) values (?, ?, 1, ?, ?) returning id')
    .pluck();
  // Newest first they would read Hidden, Quiet, Old news, Rated, Talked about.
  const talked = build.get(owner, 'Talked about', 'approved', now - 50 * hour) as number;
  const rated = build.get(owner, 'Rated', 'approved', now - 40 * hour) as number;
  const old = build.get(owner, 'Old news', 'approved', now - 30 * hour) as number;
  const quiet = build.get(owner, 'Quiet', 'approved', now - 20 * hour) as number;
  const hidden = build.get(owner, 'Hidden', 'held', now - 10 * hour) as number;
  const rate = sqlite.prepare('insert into ratings (build_id, user_id, rating, created_at, updated_at) values (?, ?, ?, ?, ?)');
  rate.run(rated, ann, 5, now - 9 * 24 * hour, now - 2 * hour);
  rate.run(rated, bob, 2, now - 30 * hour, now - 30 * hour);
  rate.run(old, ann, 5, now - 8 * 24 * hour, now - 8 * 24 * hour);
  rate.run(old, bob, 5, now - 8 * 24 * hour, now - 8 * 24 * hour);
  rate.run(hidden, cid, 5, now - hour, now - hour);
  const comment = sqlite.prepare(
    'insert into comments (build_id, user_id, content, is_ai, created_at, deleted_at) values (?, ?, ?, ?, ?, ?)',
  );
  comment.run(talked, ann, 'Clean', 0, now - 3 * hour, null);
  comment.run(talked, bob, 'Love it', 0, now - 5 * hour, null);
  comment.run(talked, null, '', 0, now - hour, now - hour);
  comment.run(quiet, null, 'RoastBot here', 1, now - hour, null);
  comment.run(old, cid, 'Classic', 0, now - 6.9 * 24 * hour, null);

  applyRest();

  const order = trendingOrder(Date.now());
  expect(order).toEqual([talked, rated, old, quiet]);
  expect(order).toEqual(trendingByFormula(Date.now()));
});
