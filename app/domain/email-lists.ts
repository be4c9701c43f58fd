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

/**
 * A new member's switches: what they signed up for is on; "News and offers" stays off
 * until they turn it on themself, which records their opt-in (spec's default overridden by issue 36).
 */
export const NEW_MEMBER_EMAIL_PREFERENCES = { notifications: true, weeklyDigest: true, marketing: false } as const;
