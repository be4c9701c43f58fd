import { describe, expect, it } from 'vitest';
import { canManageMember, canModerateMember, type StaffTarget, staffRefusal } from './member-moderation';

const admin = { id: 1, isAdmin: true, isModerator: false };
const otherAdmin = { id: 2, isAdmin: true, isModerator: false };
const moderator = { id: 3, isAdmin: false, isModerator: true };
const otherModerator = { id: 4, isAdmin: false, isModerator: true };
const member = { id: 5, isAdmin: false, isModerator: false };

const target = (viewer: typeof admin, judging = false): StaffTarget => ({ ...viewer, judging });
const juror = target({ id: 6, isAdmin: false, isModerator: false }, true);

describe('the staff rule', () => {
  it.each([
    ['an admin', admin, target(member), true, true],
    ['an admin', admin, target(otherModerator), true, true],
    ['an admin', admin, juror, true, true],
    ['an admin', admin, target(otherAdmin), false, false],
    ['an admin', admin, target(admin), false, false],
    ['a moderator', moderator, target(member), true, false],
    ['a moderator', moderator, target(otherModerator), false, false],
    ['a moderator', moderator, target(otherAdmin), false, false],
    ['a moderator', moderator, target(moderator), false, false],
    ['a moderator', moderator, juror, false, false],
    ['a member', member, target({ id: 7, isAdmin: false, isModerator: false }), false, false],
  ])('lets %s act on %o: moderate %s, manage %s', (_who, viewer, on, moderates, manages) => {
    expect(canModerateMember(viewer, on)).toBe(moderates);
    expect(canManageMember(viewer, on)).toBe(manages);
  });

  it('refuses nobody signed in', () => {
    expect(canModerateMember(null, target(member))).toBe(false);
    expect(canManageMember(null, target(member))).toBe(false);
  });

  it('tells staff which part of the rule refuses them, and nothing when it allows them', () => {
    expect(staffRefusal(moderator, target(moderator))).toMatch(/own account/);
    expect(staffRefusal(admin, target(otherAdmin))).toBe('Staff never act on an admin.');
    expect(staffRefusal(moderator, target(otherModerator))).toBe('Moderators do not act on another moderator: an admin may.');
    expect(staffRefusal(moderator, juror)).toMatch(/^This member sits on the jury of a competition that has not closed/);
    expect(staffRefusal(member, target(moderator))).toBe('Only staff act on members.');
    expect(staffRefusal(admin, juror)).toBeNull();
    expect(staffRefusal(moderator, target(member))).toBeNull();
  });
});
