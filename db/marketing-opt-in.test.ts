import { afterEach, expect, it } from 'vitest';
import { databaseBefore } from '#tests/support/migrations';

// Issue 36: "News and offers" is on for everyone by default, which nobody chose. The
// migration that starts recording opt-ins leaves every switch as it was, and records
// nobody as opted in: news may be mailed to no existing member until they say yes.

let close: (() => void) | undefined;

afterEach(() => close?.());

it('leaves no existing member opted in to news and offers, and keeps their switches', () => {
  const before = databaseBefore('_account_ownership');
  close = before.close;
  const sqlite = before.db.$client;
  const insert = sqlite.prepare('insert into users (username, username_key, email, email_preferences) values (?, ?, ?, ?)');
  insert.run('keen', 'keen', 'keen@example.com', JSON.stringify({ marketing: true, weeklyDigest: true, notifications: true }));
  insert.run('quiet', 'quiet', 'quiet@example.com', JSON.stringify({ marketing: false, weeklyDigest: false, notifications: true }));

  before.applyRest();

  const rows = sqlite
    .prepare('select username, email_preferences as preferences, marketing_opted_in_at as optedIn from users order by id')
    .all() as { username: string; preferences: string; optedIn: number | null }[];
  expect(rows.map((row) => ({ ...row, preferences: JSON.parse(row.preferences) as unknown }))).toEqual([
    { username: 'keen', preferences: { marketing: true, weeklyDigest: true, notifications: true }, optedIn: null },
    { username: 'quiet', preferences: { marketing: false, weeklyDigest: false, notifications: true }, optedIn: null },
  ]);
});
