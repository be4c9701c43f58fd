// The product's numbers (docs/product.md §9 and elsewhere), named once so the
// code and that page can be compared line by line.
import { DAY_MS } from './dates';

export const GALLERY_PAGE_SIZE = 12;
/** How long the gallery without JavaScript may grow (LOAD MORE adds 12 at a time). */
export const GALLERY_MAX_SHOWN = 240;
export const HOME_FEATURED_COUNT = 3;
export const HOME_LEADERBOARD_LIMIT = 3;
export const LEADERBOARD_LIMIT = 10;
export const LEADERBOARD_PLACEHOLDERS = 9;
/** Rows per page of the admin tables (the original client's admin list asked for 100 at once; pages replace that cap). */
export const ADMIN_PAGE_SIZE = 50;
export const PROFILE_SKELETON_COUNT = 3;
/** After "Access Denied", what anyone not allowed in the admin dashboard is told (with 403; product §8). */
export const ADMIN_ACCESS_DENIED =
  "You don't have permission to access the admin dashboard. Please contact an administrator if you believe this is an error.";

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const BIO_MAX_LENGTH = 500;
export const PASSWORD_MIN_LENGTH = 8;
export const LOGIN_CODE_DIGITS = 6;
export const LOGIN_CODE_TTL_MS = 15 * 60 * 1000;

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Any other request body, a form or JSON: the largest (a comment, a bio) is a few KB. */
export const REQUEST_BODY_MAX_BYTES = 64 * 1024;
/**
 * The most fields a form body may carry (parts of a multipart one): ours have at
 * most about 25 (the upload form with every tag ticked). Counted while the body is
 * read (server/form-fields.ts), so no parser ever sees more.
 */
export const FORM_MAX_FIELDS = 100;
export const AVATAR_MAX_MEGAPIXELS = 40;
// Build photos share the avatar's ceiling: larger uploads are refused before decoding.
export const BUILD_IMAGE_MAX_MEGAPIXELS = 40;

export const ROAST_POLL_MS = 5000;
export const TEMP_UPLOAD_POLL_MS = 2000;
export const TEMP_UPLOAD_TIMEOUT_MS = 60_000;
export const JOKE_ROTATION_MS = 6000;
export const REDIRECT_DELAY_MS = 500;

export const BACK_TO_TOP_THRESHOLD_PX = 400;
export const TUTORIAL_STEP_COUNT = 5;
/** The localStorage key that remembers the tutorial was seen (product §4). */
export const TUTORIAL_SEEN_KEY = 'hasSeenTutorial';
/** Wrong codes a sign-in code survives; the next one burns it. */
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
export const SESSION_TTL_MS = 30 * DAY_MS;
export const PASSWORD_RESET_TTL_MS = 3600_000;
export const EMAIL_CHANGE_TTL_MS = DAY_MS;

/** The longest comment, in characters. */
export const COMMENT_MAX_LENGTH = 1000;
/** The name AI replies are signed with; mentioning it asks for a reply. */
export const AI_NAME = 'RoastBot';
/** What is shown instead of the text and author of a comment its author deleted while it had replies. */
export const DELETED_COMMENT = '[deleted]';
/** Comment threads a build page shows before "View all N comments". */
export const COMMENT_THREADS_SHOWN = 20;
/** While RoastBot's reply to the member is on its way, the build page looks again this often (with JavaScript)… */
export const AI_REPLY_POLL_MS = 3000;
/** …for at most this long; the page still shows it on the next load. */
export const AI_REPLY_POLL_LIMIT_MS = 60_000;
