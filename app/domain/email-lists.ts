/** The mail a member can switch off, each with its own unsubscribe link (spec §3 users.emailPreferences). */
export const EMAIL_LISTS = ['notifications', 'weeklyDigest', 'marketing'] as const;
export type EmailList = (typeof EMAIL_LISTS)[number];

/** How the settings and the unsubscribe page name each list. */
export const EMAIL_LIST_TEXT: Record<EmailList, { label: string; mails: string; description: string }> = {
  notifications: {
    label: 'Notifications',
    mails: 'notification e-mails',
    description: 'Comments on your builds, RoastBot’s answers to you, and your competition results.',
  },
  weeklyDigest: { label: 'Weekly digest', mails: 'weekly digest e-mails', description: 'The week’s top builds, every Monday.' },
  marketing: { label: 'News and offers', mails: 'news e-mails', description: 'Now and then, news about RigRoast.' },
};

/** A new member's switches: all on, as the spec sets them. */
export const NEW_MEMBER_EMAIL_PREFERENCES = { notifications: true, weeklyDigest: true, marketing: true } as const;

/**
 * Whether "News and offers" may be mailed to a member: the switch on is not enough (it
 * is on for everyone at first), the member must have opted in since they last opted out.
 */
export function hasOptedInToNews(consent: { marketing: boolean; optedInAt: Date | null; optedOutAt: Date | null }): boolean {
  const { marketing, optedInAt, optedOutAt } = consent;
  return marketing && optedInAt !== null && (optedOutAt === null || optedInAt > optedOutAt);
}

/** When a member's row says they opted in to news, while that opt-in stands; else null. */
export function standingNewsOptIn(member: {
  emailPreferences: { marketing: boolean };
  marketingOptedInAt: Date | null;
  marketingOptedOutAt: Date | null;
}): Date | null {
  const consent = {
    marketing: member.emailPreferences.marketing,
    optedInAt: member.marketingOptedInAt,
    optedOutAt: member.marketingOptedOutAt,
  };
  return hasOptedInToNews(consent) ? member.marketingOptedInAt : null;
}
