import { type APIRequestContext, type APIResponse, expect, request } from '@playwright/test';
import sharp from 'sharp';
import { BUILD_TAGS, MAX_BUILD_TAGS } from '~/domain/build-tags';
import { DESCRIPTION_MAX_LENGTH } from '~/domain/builds';
import { GLOW_UP_MIN_RATINGS } from '~/domain/glow-ups';
import { PART_NAME_MAX } from '~/domain/build-parts';
import { NOTE_MAX_LENGTH, REASON_MAX_LENGTH, WARNING_MAX_LENGTH } from '~/domain/member-moderation';
import { BUILD_TITLE_MAX_LENGTH } from '~/utils/schemas';
import { BIO_MAX_LENGTH, COMMENT_MAX_LENGTH, USERNAME_MAX_LENGTH } from '~/utils/constants';
import { E2E_DATABASE } from '../../playwright.config';
import { closeDueCompetitionsNow, setCompetitionEnd } from '../../support/competitions';
import { grantAdmin } from '../../support/moderation';
import { rated } from '../../support/ratings';
import { codeFrom, countMails, waitForMail } from './outbox';

// The competition form's limits (app/api/contract/competitions.ts), which no constant names.
const COMPETITION_TITLE_MAX = 100;
const COMPETITION_TEXT_MAX = 2000;
const COMPETITION_RULES_MAX = 4000;
const PRIZE_MAX = 200;

/** A web address of exactly `length` characters with no break in it: no hyphen, slash or space after the host. */
export function longUrl(length: number): string {
  const start = 'https://example.com/';
  return start + 'abcdefghij0123456789'.repeat(Math.ceil(length / 20)).slice(0, length - start.length);
}

/** `text` made exactly `length` long with one unbroken run of the widest letter. */
const filled = (text: string, length: number) => {
  expect(text.length, 'hostile text longer than its limit').toBeLessThanOrEqual(length);
  return text + 'W'.repeat(length - text.length);
};

/** One word of `length` letters, as wide as letters get. */
const word = (length: number) => 'W'.repeat(length);

const ARABIC = 'هذا الجهاز رائع جدا ولكن الكابلات فوضى';
const HEBREW = 'המחשב הזה מדהים אבל הכבלים בלגן';
/** A right-to-left word with nothing to break at, `length` characters. */
const arabicWord = (length: number) => 'كلمةطويلةجدا'.repeat(Math.ceil(length / 12)).slice(0, length);
/** Emoji with no space between them: single ones, a family joined by ZWJ, flags, skin tones. */
const EMOJI = '🔥💀🖥️👨‍👩‍👧‍👦🇸🇦🇮🇱👍🏽🌈⚡🧊'.repeat(3);

/** Everything a member may write at once, mixed: a long address, both directions of script, emoji. */
const mixed = (length: number) => filled(`${longUrl(Math.min(300, length))} ${ARABIC} ${HEBREW} ${EMOJI} `.slice(0, length), length);

/** The hostile content's rows, for filling route parameters, and who may see what. */
export type HostileSite = {
  /** The member who wrote most of it (longest one-word username), signed in: their cookies. */
  member: { id: number; username: string; storageState: StorageState };
  /** An admin, signed in: their cookies. */
  admin: { storageState: StorageState };
  /** The member's build: longest title, description, tags, parts, comments. */
  buildId: number;
  /** The build's glow-ups, each of the one before: the rig's story, ranked among the best glow-ups and voted on in battles. */
  glowUpIds: number[];
  /** The battle reveal of a vote the member cast, on two builds with the longest titles. */
  revealPath: string;
  /** A running competition and a closed one, each with the build entered. */
  competitionIds: number[];
  shareToken: string;
};

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

let address = 0;
/** A network address of its own, as each of the e2e tests' visitors has (the server counts sign-in codes per address). */
const ownAddress = () => `10.97.${Math.floor(Math.random() * 250)}.${(address = (address + 1) % 250)}`;

async function ok(response: Promise<APIResponse>): Promise<APIResponse> {
  const answer = await response;
  expect(answer.ok(), `${answer.url()} answered ${answer.status()}: ${await answer.text()}`).toBe(true);
  return answer;
}

/** Signs `email` in through the JSON API and the dev outbox; answers the session and the member. */
async function signedIn(baseURL: string, email: string, { admin = false } = {}) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': ownAddress() } });
  const seen = await countMails(email);
  await ok(api.post('/api/request-login-code', { data: { email } }));
  const code = codeFrom(await waitForMail(email, seen));
  const user = (await (await ok(api.post('/api/verify-login-code', { data: { email, code } }))).json()) as { id: number };
  if (admin) grantAdmin(E2E_DATABASE, email);
  return { api, id: user.id };
}

let picture: Promise<Buffer> | undefined;
const photo = () =>
  (picture ??= sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a2f5c' } })
    .jpeg()
    .toBuffer());

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A name no earlier run took, as long as names may be, in letters of `alphabet`. */
const longestName = (alphabet: string, prefix: string) => {
  const random = Array.from({ length: 8 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
  return (prefix.repeat(USERNAME_MAX_LENGTH) + random).slice(-USERNAME_MAX_LENGTH);
};

const DAY = 24 * 3600_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

/**
 * Fills the e2e server with content as hostile as the forms allow, through the JSON
 * API as members and an admin would send it: the longest one-word username (and one in
 * Arabic), build title, description, bio, parts, tags, comments and replies, competition
 * texts, staff warnings, notes and strikes, with 300-character addresses, emoji and
 * right-to-left text.
 */
export async function fillWithHostileContent(baseURL: string, project: string): Promise<HostileSite> {
  const stamp = `${project}-${Date.now()}`;
  const owner = await signedIn(baseURL, `hostile-owner-${stamp}@e2e.example`);
  const critic = await signedIn(baseURL, `hostile-critic-${stamp}@e2e.example`);
  const admin = await signedIn(baseURL, `hostile-admin-${stamp}@e2e.example`, { admin: true });

  const username = longestName(letters, 'W');
  const criticName = longestName('شسيبلاتنمكطظزوةىرؤءئ', 'ش');
  await ok(owner.api.post('/api/user/username', { data: { username } }));
  await ok(critic.api.post('/api/user/username', { data: { username: criticName } }));
  await ok(owner.api.post('/api/user/bio', { data: { bio: mixed(BIO_MAX_LENGTH) } }));
  await ok(critic.api.post('/api/user/bio', { data: { bio: arabicWord(BIO_MAX_LENGTH) } }));

  const longestTags = [...BUILD_TAGS].sort((a, b) => b.label.length - a.label.length).slice(0, MAX_BUILD_TAGS);
  const upload = async (api: APIRequestContext, title: string, glowUpOf?: number) => {
    const form = new FormData();
    form.set('title', title);
    if (glowUpOf) form.set('glowUpOf', String(glowUpOf));
    form.set('image', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'rig.jpg');
    form.set('description', mixed(DESCRIPTION_MAX_LENGTH));
    for (const tag of longestTags) form.append('tags', tag.slug);
    return ((await (await ok(api.post('/api/builds', { multipart: form }))).json()) as { id: number }).id;
  };
  const buildId = await upload(owner.api, word(BUILD_TITLE_MAX_LENGTH));
  const criticsBuilds = [
    await upload(critic.api, arabicWord(BUILD_TITLE_MAX_LENGTH)),
    await upload(critic.api, word(BUILD_TITLE_MAX_LENGTH)),
  ];

  const parts: [string, string][] = [
    ['GPU', word(PART_NAME_MAX)],
    ['other', longUrl(PART_NAME_MAX)],
    ['cooler', arabicWord(PART_NAME_MAX)],
    ['case', EMOJI.slice(0, PART_NAME_MAX).replace(/[\uD800-\uDBFF]$/, '')],
  ];
  for (const [category, name] of parts) await ok(owner.api.post(`/api/builds/${buildId}/parts`, { data: { category, name } }));

  // A glow-up chain: each glow-up starts from the parts of the one before and changes some.
  const glowUpIds: number[] = [];
  const glowUpTitles = [
    filled(`${EMOJI.slice(0, 40).replace(/[\uD800-\uDBFF]$/, '')} `, BUILD_TITLE_MAX_LENGTH),
    filled(`${ARABIC} `, BUILD_TITLE_MAX_LENGTH),
  ];
  for (const [index, title] of glowUpTitles.entries()) {
    const glowUp = await upload(owner.api, title, glowUpIds.at(-1) ?? buildId);
    for (const category of ['PSU', 'RAM', 'storage'])
      await ok(owner.api.post(`/api/builds/${glowUp}/parts`, { data: { category, name: `${index}${word(PART_NAME_MAX - 1)}` } }));
    glowUpIds.push(glowUp);
  }
  // Rated enough to be ranked among the best glow-ups, each better than the one before.
  for (const [index, id] of [buildId, ...glowUpIds].entries()) rated(E2E_DATABASE, id, 2 + index, GLOW_UP_MIN_RATINGS);
  // Battle votes on every pair of the rig's builds, so the battle leaderboard ranks them once listed and fitted.
  const rig = [buildId, ...glowUpIds];
  for (const [index, first] of rig.entries()) {
    for (const second of rig.slice(index + 1)) {
      await expect(async () => {
        await ok(critic.api.post('/api/battles/vote', { data: { first, second, choice: 'second' } }));
      }).toPass({ timeout: 45_000 });
    }
  }

  // The owner votes on the critic's two builds: the reveal names them to the owner alone.
  const [low, high] = criticsBuilds.sort((a, b) => a - b);
  await expect(async () => {
    await ok(owner.api.post('/api/battles/vote', { data: { first: high, second: low, choice: 'draw' } }));
  }).toPass({ timeout: 45_000 });

  const comment = async (api: APIRequestContext, content: string, parentCommentId?: number) =>
    ((await (await ok(api.post(`/api/builds/${buildId}/comment`, { data: { content, parentCommentId } }))).json()) as { id: number }).id;
  const withUrl = await comment(critic.api, `${longUrl(300)} ${EMOJI}`);
  await comment(owner.api, word(COMMENT_MAX_LENGTH), withUrl);
  await comment(critic.api, `${ARABIC} ${HEBREW} ${arabicWord(300)}`);
  const longest = await comment(critic.api, word(COMMENT_MAX_LENGTH));
  await ok(critic.api.post(`/api/builds/${buildId}/rate`, { data: { rating: 5 } }));

  // The owner reports a comment, so the moderation queue shows it.
  await ok(
    owner.api.post(`/build/${buildId}`, {
      headers: { Origin: baseURL },
      form: { intent: 'report', commentId: String(longest), reason: 'spam' },
    }),
  );

  const competition = async (title: string, jurors: string[]) => {
    const body = {
      title,
      theme: word(COMPETITION_TITLE_MAX),
      description: mixed(COMPETITION_TEXT_MAX),
      rules: mixed(COMPETITION_RULES_MAX),
      prizes: [word(PRIZE_MAX), longUrl(PRIZE_MAX), filled(`${EMOJI} ${arabicWord(60)}`, PRIZE_MAX)],
      startDate: isoDay(-1),
      endDate: isoDay(7),
      series: word(COMPETITION_TITLE_MAX),
      jurors,
    };
    const id = ((await (await ok(admin.api.post('/api/admin/competitions', { data: body }))).json()) as { id: number }).id;
    await ok(owner.api.post(`/api/competitions/${id}/entries`, { data: { buildId } }));
    return id;
  };
  const running = await competition(word(COMPETITION_TITLE_MAX), [criticName]);
  const closed = await competition(arabicWord(COMPETITION_TITLE_MAX), []);
  setCompetitionEnd(E2E_DATABASE, closed, Date.now() - 1000);
  await closeDueCompetitionsNow(E2E_DATABASE);

  // Staff's measures, shown on the member's staff page and (the warning) on every page they open.
  await ok(admin.api.post(`/api/admin/users/${owner.id}/warnings`, { data: { message: mixed(WARNING_MAX_LENGTH) } }));
  await ok(admin.api.post(`/api/admin/users/${owner.id}/notes`, { data: { note: mixed(NOTE_MAX_LENGTH) } }));
  await ok(admin.api.post(`/api/admin/users/${owner.id}/strikes`, { data: { reason: mixed(REASON_MAX_LENGTH), days: 30 } }));

  const { shareUrl } = (await (await ok(owner.api.post(`/api/builds/${buildId}/share`))).json()) as { shareUrl: string };
  const site: HostileSite = {
    member: { id: owner.id, username, storageState: await owner.api.storageState() },
    admin: { storageState: await admin.api.storageState() },
    buildId,
    glowUpIds,
    revealPath: `/battles?after=${low}-${high}`,
    competitionIds: [running, closed],
    shareToken: shareUrl.split('/').pop()!,
  };
  await Promise.all([owner.api.dispose(), critic.api.dispose(), admin.api.dispose()]);
  return site;
}
