/** At most `limit` hits per key within `windowMs`; hits are counted by bucket (models/rate-limits.server.ts). */
export type RateLimit = { bucket: string; limit: number; windowMs: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Every rate limit the site keeps, in one table: what may be tried how often, by
 * whom. Each bucket names its counter in the database, so renaming one resets it.
 */
export const RATE_LIMITS = {
  /** Sending sign-in codes, so nobody can flood an inbox or our mail server. */
  signInCode: {
    perAddress: { bucket: 'login-code:address', limit: 5, windowMs: HOUR },
    perIp: { bucket: 'login-code:ip', limit: 20, windowMs: HOUR },
    // Another code to the same address: not before 30 s.
    resend: { bucket: 'login-code:resend', limit: 1, windowMs: 30_000 },
    // Wrong codes from one address across every e-mail, against guessing at scale.
    verifyPerIp: { bucket: 'login-code:verify-ip', limit: 30, windowMs: 15 * MINUTE },
  },
  /** Codes that confirm deleting an account: mailed to the member's own address, as sign-in codes are. */
  deletionCode: {
    perAddress: { bucket: 'delete-code:address', limit: 3, windowMs: HOUR },
    perIp: { bucket: 'delete-code:ip', limit: 10, windowMs: HOUR },
    resend: { bucket: 'delete-code:resend', limit: 1, windowMs: 30_000 },
  },
  /**
   * Downloading one's data: a large archive costs the server disk reads and bandwidth.
   * Counted in the serving process's memory, since a download is a GET and writes nothing.
   */
  accountExport: { perMember: { bucket: 'account-export:user', limit: 5, windowMs: HOUR } },
  /** Signing in with a password. */
  password: {
    perAddress: { bucket: 'password:address', limit: 10, windowMs: 15 * MINUTE },
    perIp: { bucket: 'password:ip', limit: 30, windowMs: 15 * MINUTE },
  },
  passwordReset: {
    // Asking for a link: each one is a mail.
    perAddress: { bucket: 'reset:address', limit: 3, windowMs: HOUR },
    perIp: { bucket: 'reset:ip', limit: 10, windowMs: HOUR },
    // Using a link: every try counts per network. Per account, the links asked
    // for above are the limit, since a good link works once.
    attemptPerIp: { bucket: 'reset-attempt:ip', limit: 10, windowMs: 15 * MINUTE },
  },
  /** Mails a member sends themself from the profile (a new address's confirmation, a password link). */
  accountMail: { perMember: { bucket: 'account-mail:user', limit: 3, windowMs: HOUR } },
  /** Photos one network address may send: the image pipeline's CPU and the volume are finite. */
  upload: { perAddress: { bucket: 'upload:address', limit: 30, windowMs: HOUR } },
  /** Appeals a member sends the moderators (one per suspension or strike besides). */
  appeal: { perMember: { bucket: 'appeal:user', limit: 5, windowMs: DAY } },
  /** Guests' comments kept through sign-in from one network address: each is a row until it is posted or an hour passes. */
  pendingComment: { perAddress: { bucket: 'pending-comment:address', limit: 30, windowMs: HOUR } },
  /** AI replies one member can draw: a few per build and a day's worth overall, so RoastBot cannot be farmed. */
  aiReply: {
    perBuild: { bucket: 'ai-reply:member-build', limit: 3, windowMs: DAY },
    perMember: { bucket: 'ai-reply:member', limit: 20, windowMs: DAY },
  },
  /** Rig Battles votes: one a few seconds is a keen member; a script voting faster is stopped (its weight is capped besides). */
  battleVote: { perMember: { bucket: 'battle-vote:user', limit: 600, windowMs: HOUR } },
  /** Asking the model again for a roast the built-in roaster wrote because it was too slow: each is minutes of a CPU host's time. */
  modelRoast: { perMember: { bucket: 'model-roast:user', limit: 5, windowMs: DAY } },
} as const satisfies Record<string, Record<string, RateLimit>>;
