import { activeSuspension } from '~/domain/member-moderation';
import { shortDateTime } from './dates';

/** What every refused write and every page that would offer one says to a suspended member. */
export function suspendedMessage(until: Date | number): string {
  return `Your account is suspended until ${shortDateTime(until)}.`;
}

/** What a page says instead of its forms to a member suspended now; null for anyone else. */
export function suspensionNotice(member: { suspendedUntil: Date | null } | null, now: Date | number = Date.now()): string | null {
  const until = member ? activeSuspension(member, now) : null;
  return until ? suspendedMessage(until) : null;
}
