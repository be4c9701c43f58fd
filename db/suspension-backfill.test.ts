import { expect, it } from 'vitest';
import { currentSuspension } from '~/models/member-moderation.server';
import { siteBefore } from '#tests/support/migrations';

// The migration that gives suspensions a row of their own (with the reason the member
// reads) fills it for members suspended before, from the audit row that suspended them.

it('gives a member suspended before it their suspension, with the reason and staff member the audit log kept', () => {
  const { sqlite, db, applyRest } = siteBefore('_member_appeals');
  const now = Date.now();
  const until = now + 3 * 24 * 3600_000;
  const user = sqlite
    .prepare('insert into users (username, username_key, email, suspended_until) values (?, lower(?), ?, ?) returning id')
    .pluck();
  const staff = user.get('boss', 'boss', 'boss@example.com', null) as number;
  const suspended = user.get('hothead', 'hothead', 'hot@example.com', until) as number;
  const unrecorded = user.get('quiet', 'quiet', 'quiet@example.com', until) as number;
  const free = user.get('calm', 'calm', 'calm@example.com', null) as number;
  const audit = sqlite.prepare(
    "insert into audit_log (actor_id, actor_name, action, target_type, target_id, details, created_at) values (?, ?, ?, 'user', ?, ?, ?)",
  );
  audit.run(staff, 'boss', 'suspend-member', suspended, 'Until 1 Dec 2026, 00:00 UTC: Spam: links everywhere', now - 60_000);
  audit.run(staff, 'boss', 'suspend-member', suspended, 'Until 4 Dec 2026, 00:00 UTC: Flame war in the comments', now - 1000);
  audit.run(staff, 'boss', 'warn-member', suspended, 'Calm down', now);

  applyRest();

  expect(currentSuspension(db, suspended)).toEqual({
    id: expect.any(Number),
    reason: 'Flame war in the comments',
    until: new Date(until),
    staffName: 'boss',
    createdAt: new Date(now - 1000),
  });
  expect(currentSuspension(db, unrecorded)).toMatchObject({ reason: '', until: new Date(until), staffName: 'staff' });
  expect(currentSuspension(db, free)).toBeNull();
});
