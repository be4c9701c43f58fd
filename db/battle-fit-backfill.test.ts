import { expect, it } from 'vitest';
import { battleRefitNeeded } from '~/models/battles.server';
import { siteBefore } from '#tests/support/migrations';

// The migration that keeps the last fit's time in a row of its own takes it from the
// standings an existing site's refit stamped, so that site's refits stay quiet until a
// vote comes, and a site that never fitted waits for its first.

function site(withStandings: boolean) {
  const { sqlite, applyRest } = siteBefore('_battle_fit');
  const fittedAt = Date.now() - 60_000;
  const owner = sqlite.prepare("insert into users (username, username_key, email) values ('o', 'o', 'o@example.com') returning id").pluck();
  const ownerId = owner.get() as number;
  sqlite.prepare("insert into images (hash, width, height) values ('a', 1, 1)").run();
  const build = sqlite
    .prepare("insert into builds (user_id, title, image_id, review_status) values (?, 'Rig', 1, 'approved') returning id")
    .pluck();
  const buildId = build.get(ownerId) as number;
  if (withStandings)
    sqlite
      .prepare('insert into battle_standings (build_id, estimate, sd, conservative, votes, fitted_at) values (?, 0, 1.5, -2.46, 0, ?)')
      .run(buildId, fittedAt);
  applyRest();
  return { sqlite, fittedAt };
}

it('keeps the time of the fit an existing site stored last', () => {
  const { sqlite, fittedAt } = site(true);
  expect(sqlite.prepare('select id, fitted_at as fittedAt from battle_fit').all()).toEqual([{ id: 1, fittedAt }]);
  expect(battleRefitNeeded()).toBe(false);
});

it('leaves a site that never fitted without a fit, so its first refit runs', () => {
  const { sqlite } = site(false);
  expect(sqlite.prepare('select * from battle_fit').all()).toEqual([]);
  expect(battleRefitNeeded()).toBe(true);
});
