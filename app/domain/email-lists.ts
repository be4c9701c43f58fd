/** The mail a member can switch off, each with its own unsubscribe link (docs/product.md §3: users.emailPreferences). */
export const EMAIL_LISTS = ['notifications', 'weeklyDigest', 'marketing'] as const;
export type EmailList = (typeof EMAIL_LISTS)[number];
export type EmailSwitches = Record<EmailList, boolean>;

/** How the settings and the unsubscribe page name each list. */
export const EMAIL_LIST_TEXT: Record<EmailList, { label: string; mails: string; description: string }> = {
  notifications: {
    label: 'Notifications',
    mails: 'notification e-mails',
    description: 'Comments on your builds, RoastBot’s answers to you, and your competition results.',
  },
  weeklyDigest: {
    label: 'Weekly digest',
    mails: 'weekly digest e-mails',
    description: 'The week on RigRoast, every Monday: top builds and roasts, competition results.',
  },
  marketing: { label: 'News and offers', mails: 'news e-mails', description: 'Now and then, news about RigRoast.' },
};

/** A new member's stored switches: all on (news still needs a yes: `emailSettings`). */
export const NEW_MEMBER_EMAIL_PREFERENCES = { notifications: true, weeklyDigest: true, marketing: true } as const;

/** When the member last said yes and no to "News and offers" (null: never). */
export type NewsConsent = { optedInAt: Date | null; optedOutAt: Date | null };

/** A member's row as stored: the three switches and the date of their last yes to news. */
export type StoredEmailSettings = { emailPreferences: EmailSwitches; marketingOptedInAt: Date | null };

/**
 * The one reading of a member's e-mail settings that the settings page, the API, the data
 * export and the unsubscribe page share. The stored news switch is on for everyone at first,
 * which nobody chose, so `marketing` is on only once the member said yes; every later yes or
 * no writes the switch with its date (`updateEmailPreferences`), so from then on the switch is
 * the answer. `marketingOptedInAt` is the date of the yes that stands (null while none does).
 */
export function emailSettings(stored: StoredEmailSettings): { emailPreferences: EmailSwitches; marketingOptedInAt: Date | null } {
  const marketing = stored.emailPreferences.marketing && stored.marketingOptedInAt !== null;
  return {
    emailPreferences: { ...stored.emailPreferences, marketing },
    marketingOptedInAt: marketing ? stored.marketingOptedInAt : null,
  };
}
