import { shortDateTime } from './dates';

/** What every refused write and every page that would offer one says first to a suspended member. */
export function suspendedMessage(until: Date | number): string {
  return `Your account is suspended until ${shortDateTime(until)}.`;
}

/** What a refused write says to a suspended member: until when, and the moderator's reason as a sentence. */
export function suspensionRefusal(until: Date | number, reason: string): string {
  const why = reason.trim();
  if (!why) return suspendedMessage(until);
  return `${suspendedMessage(until)} Why: ${why}${/[.!?]$/.test(why) ? '' : '.'}`;
}
