import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PART_CATEGORIES, PART_SOURCES, PART_STATUSES } from '../app/domain/build-parts';
import { BUILD_TAG_SLUGS, type BuildTag } from '../app/domain/build-tags';
import { BATTLE_STORED_OUTCOMES } from '../app/domain/battle-votes';
import { REVIEW_STATUSES } from '../app/domain/builds';
import { ALT_AUTHORS } from '../app/domain/photo-alt';
import { DEFAULT_ROAST_INTENSITY, ROAST_INTENSITIES } from '../app/domain/roast-intensity';
import type { StoredFinding } from '../app/domain/vote-integrity';

// Times are stored as Unix milliseconds (integers), which sort and compare cheaply.
const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now);
const flag = (name: string) => integer(name, { mode: 'boolean' }).notNull().default(false);

export type EmailPreferences = { marketing: boolean; weeklyDigest: boolean; notifications: boolean };

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    // The username folded for comparison (NFKC, lower case in every script), so
    // "Ärger" and "ärger" cannot both exist; SQLite's lower() only folds A–Z.
    usernameKey: text('username_key').notNull(),
    email: text('email').notNull(),
    isAdmin: flag('is_admin'),
    isModerator: flag('is_moderator'),
    isDisabled: flag('is_disabled'),
    emailVerified: flag('email_verified'),
    // A password is optional: members sign in with e-mailed codes and may set one through the reset flow.
    passwordHash: text('password_hash'),
    emailPreferences: text('email_preferences', { mode: 'json' })
      .$type<EmailPreferences>()
      .notNull()
      .default({ marketing: true, weeklyDigest: true, notifications: true }),
    avatarUrl: text('avatar_url').notNull().default(''),
    level: integer('level').notNull().default(1),
    experience: integer('experience').notNull().default(0),
    reputation: integer('reputation').notNull().default(0),
    streak: integer('streak').notNull().default(0),
    // The UTC day (days since 1970-01-01) of the member's last counted action: the streak grows the next day, breaks after a gap.
    streakDay: integer('streak_day'),
    lastLogin: integer('last_login', { mode: 'timestamp_ms' }),
    // A staff suspension: until then the member may sign in and read, not write (web/suspension-guard.server.ts).
    suspendedUntil: integer('suspended_until', { mode: 'timestamp_ms' }),
    bio: text('bio').notNull().default(''),
    // The member's own choice about "News and offers" mail, with its date (models/email-preferences.server.ts):
    // emailPreferences.marketing is on only after an opt-in recorded here, and the latest of the two is in force.
    marketingOptedInAt: integer('marketing_opted_in_at', { mode: 'timestamp_ms' }),
    marketingOptedOutAt: integer('marketing_opted_out_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Usernames and addresses are unique whatever their case.
    uniqueIndex('users_username_key_unique').on(t.usernameKey),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
    // Which avatar files the site shows: /uploads asks it for every avatar it serves (images/serve.server.ts).
    index('users_avatar_idx').on(t.avatarUrl),
  ],
);

/**
 * A name a member gave up, and when: their public page's old address redirects to
 * the new one for a while (models/members.server.ts), unless someone else takes the
 * name. One row per rename; housekeeping drops rows past that while.
 */
export const formerUsernames = sqliteTable(
  'former_usernames',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // As users.username_key: the old name folded for comparison.
    usernameKey: text('username_key').notNull(),
    renamedAt: integer('renamed_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('former_usernames_key_idx').on(t.usernameKey, t.renamedAt), index('former_usernames_user_idx').on(t.userId)],
);

/**
 * One e-mailed sign-in code and its magic link. Only keyed hashes are kept; the
 * row counts its own wrong tries and knows the browser that asked for it, so the
 * link signs in on that browser only. The same codes confirm deleting an account
 * (purpose 'delete-account', mailed without a link): a code works only for its purpose.
 */
export const loginCodes = sqliteTable(
  'login_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['sign-in', 'delete-account'] })
      .notNull()
      .default('sign-in'),
    codeHash: text('code_hash').notNull(),
    linkTokenHash: text('link_token_hash').notNull().unique(),
    browserHash: text('browser_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    requestIp: text('request_ip'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    // Set when the code is used, burnt by wrong tries, or replaced by a newer one.
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_codes_email_idx').on(t.email, t.createdAt),
    index('login_codes_ip_idx').on(t.requestIp, t.createdAt),
    index('login_codes_expires_idx').on(t.expiresAt),
  ],
);

/** Single-use links: e-mail verification and password reset. Only the token's hash is kept. */
export const userTokens = sqliteTable(
  'user_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    // For e-mail changes: the address being verified.
    email: text('email'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash_unique').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.purpose),
    index('user_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** One counted event for a rate limit (e.g. a code sent to an address); old rows are pruned. */
export const rateLimitHits = sqliteTable(
  'rate_limit_hits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.bucket, t.key, t.at), index('rate_limit_hits_at_idx').on(t.at)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    // sha256 of the id held in the signed cookie, so a copy of the database cannot be replayed as cookies.
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** An uploaded picture, normalised once and stored on the volume under its content hash. */
export const images = sqliteTable('images', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  hash: text('hash').notNull().unique(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  // A tiny preview (e.g. thumbhash) painted before the real image arrives.
  placeholder: text('placeholder').notNull().default(''),
  // Whether its files may be in the public folder (UPLOADS_DIR/images) rather than the
  // private one: set once they are moved in, cleared once they are moved out, so after a
  // crash in between it still says where to look. A listed build's image is published.
  published: integer('published', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
});

/** One resized, re-encoded file of an image: a width in a format. */
export const imageVariants = sqliteTable(
  'image_variants',
  {
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    format: text('format', { enum: ['avif', 'webp', 'jpeg'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    // Content-addressed, so two images may share a file (a plain picture's small
    // variants can match byte for byte): a file is deleted only with its last row.
    fileName: text('file_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.format, t.width] }), index('image_variants_file_idx').on(t.fileName)],
);

export const builds = sqliteTable(
  'builds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    // The owner's own words (Markdown-lite: paragraphs and links), null when they wrote none.
    description: text('description'),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'restrict' }),
    roast: text('roast').notNull().default(''),
    // Who wrote the roast ('ollama' or 'builtin'), with which model, from which facts.
    roastProvider: text('roast_provider', { enum: ['ollama', 'builtin'] }),
    roastModel: text('roast_model'),
    roastFacts: text('roast_facts', { mode: 'json' }).$type<Record<string, unknown>>(),
    // The built-in roaster's opening line, so the next roasts avoid it.
    roastOpener: text('roast_opener'),
    // How hard the owner asked to be roasted: chosen at upload and with each fresh roast,
    // so it is always the intensity the current roast was (or is being) written at.
    roastIntensity: text('roast_intensity', { enum: ROAST_INTENSITIES }).notNull().default(DEFAULT_ROAST_INTENSITY),
    // The "serious advice" written with the roast: 3–5 suggestions, null until it is written.
    roastAdvice: text('roast_advice', { mode: 'json' }).$type<string[]>(),
    roastedAt: integer('roasted_at', { mode: 'timestamp_ms' }),
    // Set when every attempt failed; cleared when a fresh roast is asked for.
    roastFailedAt: integer('roast_failed_at', { mode: 'timestamp_ms' }),
    // The owner's last request for a fresh roast (at most one a day).
    roastRequestedAt: integer('roast_requested_at', { mode: 'timestamp_ms' }),
    // Why the built-in roaster wrote the roast though the model was asked: 'model_slow' when
    // the model did not answer within ROAST_DEADLINE_MS. The owner may then ask the model again.
    roastFallback: text('roast_fallback', { enum: ['model_slow'] }),
    // Screening: only approved builds are listed. 'pending' until the screening job decides.
    reviewStatus: text('review_status', { enum: REVIEW_STATUSES }).notNull().default('approved'),
    // Why a build was held or rejected; the owner sees it.
    reviewReason: text('review_reason'),
    screening: text('screening', { mode: 'json' }).$type<Record<string, unknown>>(),
    // The vision model's look still counts for screening: a build listed before it answered is
    // held if it flags the photo. Cleared when it answers (or cannot), or a moderator decides.
    lookPending: flag('look_pending'),
    // The main photo's alt text: a short literal description drafted by the vision step, which
    // the owner may change. Null until drafted; '' when no draft could be made (pages then say
    // "Photo of <title>", domain/photo-alt.ts).
    photoAlt: text('photo_alt'),
    // Who wrote photo_alt (ALT_AUTHORS): a built-in 'stand_in' for a model that did not
    // answer is replaced by the model's description once it answers again. Null before 0030.
    photoAltBy: text('photo_alt_by', { enum: ALT_AUTHORS }),
    // Aggregates kept in step with `ratings` and `comments` in the same transaction.
    totalRating: integer('total_rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    averageRating: real('average_rating').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    // The gallery's trending heat (decision 018) in the units of trending_epoch, kept in
    // step with `ratings` and `comments` like the totals above (models/trending.server.ts).
    trendingHeat: real('trending_heat').notNull().default(0),
    // A glow-up: new photos of the same rig as this earlier build of the same owner (decision
    // 028). Deleting the earlier build leaves the glow-up a build like any other.
    glowUpOf: integer('glow_up_of').references((): AnySQLiteColumn => builds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('builds_created_at_idx').on(t.createdAt),
    // The glow-ups of a build: its page links forward to them, and a rig's timeline walks them.
    index('builds_glow_up_of_idx')
      .on(t.glowUpOf)
      .where(sql`${t.glowUpOf} is not null`),
    index('builds_review_idx').on(t.reviewStatus, t.createdAt),
    index('builds_roast_opener_idx')
      .on(t.roastedAt)
      .where(sql`${t.roastOpener} is not null`),
    index('builds_user_idx').on(t.userId, t.createdAt),
    index('builds_image_idx').on(t.imageId),
    // The all-time leaderboard ranks listed builds by their totals: this index covers that scan.
    index('builds_rank_idx').on(t.reviewStatus, t.ratingCount, t.totalRating, t.createdAt),
    // The gallery's "most discussed" order walks this index.
    index('builds_discussed_idx').on(t.reviewStatus, t.commentCount, t.createdAt),
    // The gallery's "trending" order walks this index.
    index('builds_trending_idx').on(t.reviewStatus, t.trendingHeat, t.createdAt),
  ],
);

/**
 * One row: builds.trending_heat counts each build's activity since `since` (the
 * trending job moves it up to the window's start) and weighs it by e^((t − at)/τ), so
 * heats compare without being recomputed as time passes; `at` moves once a year, every
 * heat rescaled with it, to keep them finite (models/trending.server.ts).
 */
export const trendingEpoch = sqliteTable(
  'trending_epoch',
  {
    id: integer('id').primaryKey(),
    since: integer('since').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [check('trending_epoch_one_row', sql`${t.id} = 1`)],
);

/**
 * A build's further photos (the main one is builds.image_id), in the order the owner set.
 * Each is screened like the main photo and shown only once approved; a flagged one is held.
 */
export const buildPhotos = sqliteTable(
  'build_photos',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    buildId: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    reviewStatus: text('review_status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    reviewReason: text('review_reason'),
    screening: text('screening', { mode: 'json' }).$type<Record<string, unknown>>(),
    // Its alt text and who wrote it, as builds.photo_alt and photo_alt_by are the main photo's.
    alt: text('alt'),
    altBy: text('alt_by', { enum: ALT_AUTHORS }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('build_photos_position_unique').on(t.buildId, t.position),
    index('build_photos_image_idx').on(t.imageId),
    check('build_photos_position_range', sql`${t.position} between 1 and 4`),
  ],
);

/** The curated tags of a build (app/domain/build-tags.ts), at most five. */
export const buildTags = sqliteTable(
  'build_tags',
  {
    buildId: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    tag: text('tag', { enum: BUILD_TAG_SLUGS }).notNull(),
  },
  // The gallery filters by tag: the second index finds a tag's builds.
  (t) => [primaryKey({ columns: [t.buildId, t.tag] }), index('build_tags_tag_idx').on(t.tag, t.buildId)],
);

/**
 * A build's parts list: the AI's guesses arrive 'proposed' (source 'ai'), the owner confirms,
 * corrects (which confirms) or deletes them and adds their own ('owner', confirmed).
 */
export const buildParts = sqliteTable(
  'build_parts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    buildId: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    category: text('category', { enum: PART_CATEGORIES }).notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: PART_STATUSES }).notNull(),
    source: text('source', { enum: PART_SOURCES }).notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('build_parts_build_idx').on(t.buildId, t.position)],
);

export const ratings = sqliteTable(
  'ratings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    buildId: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    // The rater's network when they last rated, as a keyed hash of its /24 (IPv4) or /48
    // (IPv6), never the address: vote integrity groups bursts by it (models/vote-integrity).
    network: text('network'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    uniqueIndex('ratings_build_user_unique').on(t.buildId, t.userId),
    index('ratings_user_idx').on(t.userId),
    // Leaderboards aggregate the ratings of a time window; the index covers that scan.
    index('ratings_window_idx').on(t.updatedAt, t.buildId, t.rating),
    // Vote integrity looks for bursts: same stars on one build close in time.
    index('ratings_build_stars_idx').on(t.buildId, t.rating, t.updatedAt),
    check('ratings_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * A member whose ratings staff discounted (vote integrity): the ratings stay in `ratings`
 * but no score or standing counts them (models/counted-ratings.server.ts) until the row
 * is deleted. Who and why are in the audit log too; the row keeps them for the page.
 */
export const ratingDiscounts = sqliteTable('rating_discounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  // Kept when the staff member's account is deleted: the name still says who it was.
  byId: integer('by_id').references(() => users.id, { onDelete: 'set null' }),
  byName: text('by_name').notNull(),
  createdAt: createdAt(),
});

/**
 * The vote-integrity job's last scan (models/vote-integrity.server.ts): its findings, so
 * the staff page reads them instead of running the detectors. Only the newest row is kept.
 */
export const integrityScans = sqliteTable('integrity_scans', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  scannedAt: integer('scanned_at', { mode: 'timestamp_ms' }).notNull(),
  durationMs: integer('duration_ms').notNull(),
  findings: text('findings', { mode: 'json' }).$type<StoredFinding[]>().notNull(),
});

export const comments = sqliteTable(
  'comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    buildId: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    // Null for comments written by the AI.
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isAI: flag('is_ai'),
    parentCommentId: integer('parent_comment_id').references((): AnySQLiteColumn => comments.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
    // Set when its author deleted a comment that has replies: the row stays, without
    // text or author, so the thread under it stays too, shown as "[deleted]".
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('comments_build_idx').on(t.buildId, t.parentCommentId, t.createdAt),
    index('comments_parent_idx').on(t.parentCommentId),
    index('comments_user_idx').on(t.userId),
    // The gallery's "trending" order sums the last days' comments per build.
    index('comments_recent_idx').on(t.createdAt, t.buildId),
  ],
);

export const achievementTypes = sqliteTable('achievement_types', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  iconUrl: text('icon_url').notNull().default(''),
  category: text('category').notNull(),
  threshold: integer('threshold').notNull().default(1),
  createdAt: createdAt(),
});

/**
 * The experience a member was given, one row per counted action (decision 011):
 * its subject makes each award once (a build listed, a build rated, a comment), and
 * its UTC day lets the day's total per kind be capped. Housekeeping prunes old days.
 */
export const experienceAwards = sqliteTable(
  'experience_awards',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    // What earned it (a build, a rating, a comment, a competition, an achievement type).
    subjectId: integer('subject_id').notNull(),
    day: integer('day').notNull(),
    // 0 once the day's cap for the kind is reached: the action still counts once.
    points: integer('points').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.subjectId] }),
    index('experience_awards_day_idx').on(t.userId, t.kind, t.day),
    index('experience_awards_prune_idx').on(t.day),
  ],
);

export const userAchievements = sqliteTable(
  'user_achievements',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementTypeId: integer('achievement_type_id')
      .notNull()
      .references(() => achievementTypes.id, { onDelete: 'cascade' }),
    earnedAt: integer('earned_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementTypeId] })],
);

export const competitions = sqliteTable(
  'competitions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    startDate: integer('start_date', { mode: 'timestamp_ms' }).notNull(),
    endDate: integer('end_date', { mode: 'timestamp_ms' }).notNull(),
    theme: text('theme').notNull(),
    rules: text('rules').notNull().default(''),
    // Newline-separated prize lines.
    prizeDescription: text('prize_description').notNull().default(''),
    badgeUrl: text('badge_url'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    // Set once, in the transaction that writes the placements: a closed result never changes.
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    // Competitions under one name ("Setup of the Month") are a series: a build wins a series once.
    series: text('series'),
    createdAt: createdAt(),
  },
  (t) => [
    index('competitions_active_idx').on(t.isActive, t.endDate),
    index('competitions_series_idx').on(t.series),
    // Which badge files the site shows, as for avatars.
    index('competitions_badge_idx').on(t.badgeUrl),
    check('competitions_dates', sql`${t.endDate} > ${t.startDate}`),
  ],
);

export const competitionEntries = sqliteTable(
  'competition_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    buildId: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    placement: integer('placement'),
    // Once closed: the entry's place by its jurors' stars (1 = the jury prize); null without a juror's vote or a jury.
    juryPlacement: integer('jury_placement'),
    // Once closed: the community's votes for the listed entry during the competition and their stars, as counted
    // at the close (a rating changed or deleted afterwards does not change a result); null before, or unlisted then.
    votes: integer('votes'),
    points: integer('points'),
    // When the current build was entered: replacing the build moves it; it breaks ties in the standings.
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('competition_entries_unique').on(t.competitionId, t.buildId),
    // One entry per member per competition.
    uniqueIndex('competition_entries_member_unique').on(t.competitionId, t.userId),
    index('competition_entries_build_idx').on(t.buildId),
    index('competition_entries_user_idx').on(t.userId),
  ],
);

/** The members whose stars on a competition's entries make its jury prize, and count for nothing in its community standing. */
export const competitionJurors = sqliteTable(
  'competition_jurors',
  {
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.userId] }), index('competition_jurors_user_idx').on(t.userId)],
);

export const shareTokens = sqliteTable(
  'share_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    token: text('token').notNull().unique(),
    buildId: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('share_tokens_build_unique').on(t.buildId)],
);

/** A guest's image, kept until they sign in and finish the upload. */
export const tempUploads = sqliteTable(
  'temp_uploads',
  {
    id: text('id').primaryKey(),
    clientToken: text('client_token').notNull().unique(),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    // The roast intensity the guest chose, kept through sign-in.
    roastIntensity: text('roast_intensity', { enum: ROAST_INTENSITIES }).notNull().default(DEFAULT_ROAST_INTENSITY),
    // What the guest wrote with it, kept through sign-in like the title.
    description: text('description'),
    tags: text('tags', { mode: 'json' }).$type<BuildTag[]>().notNull().default([]),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('temp_uploads_expires_idx').on(t.expiresAt)],
);

/** The further photos sent with a guest's upload (up to 4, in order): the build gets them once it exists. */
export const tempUploadPhotos = sqliteTable(
  'temp_upload_photos',
  {
    tempUploadId: text('temp_upload_id')
      .notNull()
      .references(() => tempUploads.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tempUploadId, t.position] }), index('temp_upload_photos_image_idx').on(t.imageId)],
);

/**
 * A guest's comment waiting for them to sign in (models/pending-comments.server.ts): a
 * signed cookie names it, and signing in posts it as theirs. Not a comment yet, so no
 * page shows it; it goes when posted, or an hour after it was written.
 */
export const pendingComments = sqliteTable(
  'pending_comments',
  {
    id: text('id').primaryKey(),
    buildId: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    // The thread it answers; not a reference, so a thread deleted meanwhile is told at sign-in rather than forgotten.
    parentCommentId: integer('parent_comment_id'),
    content: text('content').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_comments_expires_idx').on(t.expiresAt)],
);

/** Durable background work (roasts, screening, housekeeping), claimed with a lease. */
export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: text('type').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: integer('run_at', { mode: 'timestamp_ms' }).notNull().default(now),
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    // At most one queued or running job per key (e.g. one roast per build at a time).
    key: text('key'),
    // Names the current claim: only its holder may complete the job (a reclaimed job's old runner may not).
    leaseToken: text('lease_token'),
    // When the current or last attempt was claimed: how long roasts take, for the owner's place in line.
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    index('jobs_lease_idx').on(t.status, t.leaseUntil),
    index('jobs_type_idx').on(t.type, t.status),
    uniqueIndex('jobs_active_key_unique')
      .on(t.key)
      .where(sql`${t.key} is not null and ${t.status} in ('queued', 'running')`),
  ],
);

/** A member's report of a build or a comment; waits for a moderator. One per member and item. */
export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buildId: integer('build_id').references(() => builds.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['spam', 'offensive', 'nsfw', 'people', 'unrelated', 'other'] }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_build_unique')
      .on(t.reporterId, t.buildId)
      .where(sql`${t.buildId} is not null`),
    uniqueIndex('reports_comment_unique')
      .on(t.reporterId, t.commentId)
      .where(sql`${t.commentId} is not null`),
    index('reports_status_idx').on(t.status, t.createdAt),
    check('reports_one_target', sql`(${t.buildId} is null) <> (${t.commentId} is null)`),
  ],
);

/**
 * The top builds of each leaderboard period, ranked in the background (see
 * decision 007): pages read ten rows here instead of grouping a window's ratings.
 */
export const leaderboardStandings = sqliteTable(
  'leaderboard_standings',
  {
    period: text('period', { enum: ['today', 'week', 'month', 'all-time'] }).notNull(),
    // 1 = best; hidden builds are skipped when read, so ranks are numbered then.
    position: integer('position').notNull(),
    buildId: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    // The window's votes and the sum of their stars, when ranked.
    votes: integer('votes').notNull(),
    points: integer('points').notNull(),
    score: real('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.period, t.position] }), index('leaderboard_standings_build_idx').on(t.buildId)],
);

/**
 * One member's verdict on a pair of builds in Rig Battles (decision 027): the pair is kept
 * in id order (domain/battles pairKey), so the unique index allows one vote per member per
 * pair whichever side each build was shown on, and the outcome names the winner by that
 * order. The network is kept as on ratings, for vote integrity.
 */
export const battleVotes = sqliteTable(
  'battle_votes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    voterId: integer('voter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buildLow: integer('build_low')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    buildHigh: integer('build_high')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: BATTLE_STORED_OUTCOMES }).notNull(),
    network: text('network'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('battle_votes_pair_unique').on(t.voterId, t.buildLow, t.buildHigh),
    index('battle_votes_low_idx').on(t.buildLow),
    index('battle_votes_high_idx').on(t.buildHigh),
    // The refit job asks whether votes arrived during its fit; the weekly highlights read a week.
    index('battle_votes_created_idx').on(t.createdAt),
    check('battle_votes_pair_order', sql`${t.buildLow} < ${t.buildHigh}`),
  ],
);

/**
 * Each build's battle strength as the refit job last fitted it (decision 027): the
 * estimate on the logit scale, its standard deviation, and the conservative score the
 * battle leaderboard ranks by. A refit writes only the rows that moved. Pages read
 * these rows; a build hidden since is skipped when read.
 */
export const battleStandings = sqliteTable(
  'battle_standings',
  {
    buildId: integer('build_id')
      .primaryKey()
      .references(() => builds.id, { onDelete: 'cascade' }),
    estimate: real('estimate').notNull(),
    sd: real('sd').notNull(),
    conservative: real('conservative').notNull(),
    votes: integer('votes').notNull(),
  },
  (t) => [index('battle_standings_rank_idx').on(t.conservative)],
);

/**
 * One row: when the refit job last stored a fit. What came after it asks for the next
 * refit, and pair choice keeps its pool until it changes.
 */
export const battleFit = sqliteTable(
  'battle_fit',
  {
    id: integer('id').primaryKey(),
    fittedAt: integer('fitted_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [check('battle_fit_one_row', sql`${t.id} = 1`)],
);

/**
 * Each ranked build's place on the battle leaderboard as the first refit of a UTC day left it
 * (day = days since 1970-01-01): what "biggest movers" compares today's places with. The
 * refit job keeps five weeks of days.
 */
export const battleRankHistory = sqliteTable(
  'battle_rank_history',
  {
    day: integer('day').notNull(),
    buildId: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.buildId] }), index('battle_rank_history_build_idx').on(t.buildId)],
);

/** Every admin and moderator action: who did what to what, and when (newest first at /admin/audit). */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // Kept when the actor's account is deleted: the name below still says who it was.
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type', { enum: ['build', 'user', 'comment', 'report', 'competition', 'job'] }).notNull(),
    targetId: integer('target_id').notNull(),
    // What the target was (a title, a username), since it may be gone.
    targetLabel: text('target_label').notNull().default(''),
    details: text('details').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_actor_idx').on(t.actorId, t.createdAt)],
);

/**
 * What a member is told about, one row per event (a comment on their build, a reply to
 * them, RoastBot's answer, a rating milestone, a competition result, an achievement,
 * the weekly digest, a staff measure, the answer to an appeal): the bell reads it
 * (`readAt`) and the mail reads it (`status`). A delivery job per member and list gathers
 * the pending rows into one mail, so a burst makes one message; `ref` names the event,
 * so the same event is never recorded twice.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The preference (and unsubscribe list) the mail belongs to.
    list: text('list', { enum: ['notifications', 'weeklyDigest'] }).notNull(),
    kind: text('kind', {
      enum: [
        'comment',
        'reply',
        'roastbot',
        'milestone',
        'competition',
        'achievement',
        'digest',
        'warning',
        'strike',
        'suspension',
        'appeal',
      ],
    }).notNull(),
    ref: text('ref').notNull(),
    buildId: integer('build_id').references(() => builds.id, { onDelete: 'cascade' }),
    // A deleted comment takes its notification with it: nobody is told about what is gone.
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    competitionId: integer('competition_id').references(() => competitions.id, { onDelete: 'cascade' }),
    // The mail's part: pending until a mail sends it; suppressed when it is not to be
    // mailed (the switch is off, the news went stale, or its kind is never mailed).
    status: text('status', { enum: ['pending', 'sent', 'suppressed'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    handledAt: integer('handled_at', { mode: 'timestamp_ms' }),
    // The bell's part: when the member marked it read on the site; null while unread.
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('notifications_user_ref_unique').on(t.userId, t.ref),
    index('notifications_unread_idx').on(t.userId, t.readAt),
    index('notifications_pending_idx').on(t.userId, t.list, t.status),
    index('notifications_handled_idx').on(t.status, t.handledAt),
  ],
);

/**
 * The built-in roaster's lines in each roast it wrote (a build's current and earlier
 * roasts, keyed by when they landed): the newest 200 are the no-repeat memory, and
 * members' reactions credit the lines of the roast they reacted to.
 */
export const roastLines = sqliteTable(
  'roast_lines',
  {
    buildId: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    roastedAt: integer('roasted_at', { mode: 'timestamp_ms' }).notNull(),
    // JSON array of line and sentence-part ids, the opener's first.
    lines: text('lines', { mode: 'json' }).notNull().$type<string[]>(),
  },
  (t) => [primaryKey({ columns: [t.buildId, t.roastedAt] }), index('roast_lines_roasted_idx').on(t.roastedAt)],
);

/** A member's 🔥 (landed) or 🥱 (missed) on one roast of a build: one each, changeable. */
export const roastReactions = sqliteTable(
  'roast_reactions',
  {
    buildId: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    // Which roast: the build's roasted_at when the member reacted (a fresh roast starts at zero).
    roastedAt: integer('roasted_at', { mode: 'timestamp_ms' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction', { enum: ['landed', 'missed'] }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.buildId, t.roastedAt, t.userId] }), index('roast_reactions_user_idx').on(t.userId)],
);

/** RoastBot's built-in reply lines in each reply it wrote, for the no-repeat memory (site-wide and per thread). */
export const replyLines = sqliteTable(
  'reply_lines',
  {
    commentId: integer('comment_id')
      .primaryKey()
      .references(() => comments.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id').notNull(),
    lines: text('lines', { mode: 'json' }).notNull().$type<string[]>(),
  },
  (t) => [index('reply_lines_thread_idx').on(t.threadId, t.commentId)],
);

/**
 * A staff warning to a member, in the words they read: a notice on every page until
 * they acknowledge it, and a notification. The staff member's name is kept, as in the
 * audit log, should their account go.
 */
export const memberWarnings = sqliteTable(
  'member_warnings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    acknowledgedAt: integer('acknowledged_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('member_warnings_user_idx').on(t.userId, t.acknowledgedAt)],
);

/** A strike against a member: counts while it has not expired; staff see the count (nothing follows from it on its own). */
export const memberStrikes = sqliteTable(
  'member_strikes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    // Withdrawn by a moderator on the member's appeal: it stopped counting then (expires_at moved to that moment).
    liftedAt: integer('lifted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('member_strikes_user_idx').on(t.userId, t.expiresAt)],
);

/**
 * A staff suspension of a member, with the reason they read: users.suspended_until holds
 * the end of the one in force (the guard reads it there, with the session); changing its
 * end or reason while it runs changes this row, so an appeal against it stays with it.
 */
export const memberSuspensions = sqliteTable(
  'member_suspensions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    reason: text('reason').notNull(),
    until: integer('until', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
    // Ended early by staff (directly or on appeal); null when it ran, or runs, to its date.
    liftedAt: integer('lifted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('member_suspensions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A member's request that a moderator look again at a suspension or a strike, in their
 * words; it waits in the moderation queue until staff uphold the measure or lift it,
 * with a reply the member reads. One appeal per suspension or strike: a decided one is final.
 */
export const memberAppeals = sqliteTable(
  'member_appeals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    suspensionId: integer('suspension_id').references(() => memberSuspensions.id, { onDelete: 'cascade' }),
    strikeId: integer('strike_id').references(() => memberStrikes.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: text('status', { enum: ['open', 'upheld', 'lifted'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    // Who decided, kept by name as in the audit log; and what they told the member.
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    staffName: text('staff_name'),
    reply: text('reply').notNull().default(''),
  },
  (t) => [
    check('member_appeals_one_target', sql`(${t.suspensionId} is null) <> (${t.strikeId} is null)`),
    uniqueIndex('member_appeals_suspension_unique').on(t.suspensionId),
    uniqueIndex('member_appeals_strike_unique').on(t.strikeId),
    index('member_appeals_status_idx').on(t.status, t.createdAt),
    index('member_appeals_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Staff's private notes on a member: only admins and moderators ever read them. */
export const moderatorNotes = sqliteTable(
  'moderator_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('moderator_notes_user_idx').on(t.userId, t.createdAt)],
);
