import sharp from 'sharp';
import { approveBuild, createBuild } from '~/models/builds.server';
import { addPart } from '~/models/build-parts.server';
import { addBuildPhoto, approveBuildPhoto, holdPhotoForReview } from '~/models/build-photos.server';
import { SCREENING_REASONS } from '~/roast/screening/verdict';
import type { PartCategory } from '~/domain/build-parts';
import type { BuildTag } from '~/domain/build-tags';
import { addComment } from '~/models/comments.server';
import { eraseOwnAccount } from '~/models/account-deletion.server';
import { updateEmailPreferences } from '~/models/email-preferences.server';
import { rateBuild } from '~/models/ratings.server';
import { markAllNotificationsRead } from '~/models/notifications.server';
import { fileAppeal } from '~/models/appeals.server';
import { addModeratorNote, memberStanding, strikeMember, suspendMember, warnMember } from '~/models/member-moderation.server';
import { reportItem } from '~/models/reports.server';
import { closeCompetition } from '~/models/competition-closing.server';
import { enterCompetition } from '~/models/competition-entries.server';
import { createCompetition } from '~/models/competitions.server';
import { makeLaterVariants } from '~/images/records.server';
import { saveImage } from '~/models/uploads.server';
import { changeUsername, findUserByEmail, insertUser } from '~/models/users.server';
import { closeDatabase, migrateDatabase, openDatabase, setDatabase } from '~/services/db.server';
import { env } from '~/services/env.server';
import { processImage } from '~/images/encode.server';
import { ROAST_INTENSITIES } from '~/domain/roast-intensity';
import { seedVoteIntegrity } from './seed-integrity';

const members = [
  ['NeonNomad', 'Lives for ARGB and regrets nothing.'],
  ['FrostByte', 'All-white builds only. Yes, even the cables.'],
  ['TurboToaster', 'My PC doubles as a space heater. Efficiency!'],
  ['PixelPaladin', 'ITX evangelist. Smaller is louder.'],
  ['CoolantQueen', 'Custom loops, zero leaks (so far).'],
  ['RGBaron', 'If it does not glow, is it even on?'],
  ['SilentSpecter', 'Noise-normalised, dust-filtered, emotionally stable.'],
  ['CableCzar', 'I sleeve, therefore I am.'],
] as const;

/** Members who rate but never post. */
const fanMembers = [
  ['LurkerLars', 'Here for the builds, not the posting.'],
  ['BenchmarkBea', 'Numbers or it did not happen.'],
  ['FanCurveFinn', 'Tunes fan curves for fun.'],
] as const;

// CableCzar was SleeveLord until ten days ago: /u/SleeveLord still leads to them.
const formerNames: Partial<Record<(typeof members)[number][0], string>> = { CableCzar: 'SleeveLord' };

const builds = [
  'Aurora White ITX',
  'Crimson Tempest',
  'The Toaster Oven',
  'Cyber Lime Cube',
  'Frostbite Loop',
  'Vaporwave Dream',
  'Stealth Bomber Black',
  'Rainbow Overload',
  'Budget Beast 3000',
  'Arctic Fox Tower',
  'Magma Core',
  'Neon Noir',
  'Glacier Mini',
  'Toxic Waste Dump',
  'Sunset Strip',
  'Midnight Blue Monolith',
] as const;

const comments = [
  'Those cable combs are doing heroic work.',
  'How are the temps with the glass panel on?',
  'The colour scheme is clean, but that GPU sag though.',
  'Love it. Which fans are those?',
  'This would look wild with a vertical GPU mount.',
  'Dust filters, my friend. Dust filters.',
  'Finally someone who matches the RAM lighting to the fans.',
] as const;

// What some builds' owners wrote about them (by the index in `builds`): description, tags,
// confirmed parts and how many more photos; search and the build page have something to show.
const details: Record<number, { description: string; tags: BuildTag[]; parts: [PartCategory, string][]; photos: number }> = {
  0: {
    description:
      'Everything white, down to the sleeved cables. Took three weekends and one very patient partner.\n\nBuild log on [my blog](https://example.com/aurora-build-log).',
    tags: ['white-build', 'itx', 'cable-management'],
    parts: [
      ['case', 'Lian Li A4-H2O'],
      ['GPU', 'RTX 4070 Ti Super'],
      ['CPU', 'Ryzen 7 7800X3D'],
      ['cooler', 'Lian Li Galahad 240 AIO'],
      ['RAM', '32 GB DDR5-6000'],
    ],
    photos: 2,
  },
  1: {
    description: 'Red and black, loud and proud. The front fans are the only RGB: the rest is on purpose.',
    tags: ['high-end', 'water-cooled'],
    parts: [
      ['GPU', 'RTX 4090'],
      ['CPU', 'Core i9-14900K'],
      ['cooler', 'Arctic Liquid Freezer III 360'],
      ['PSU', 'Corsair RM1000x'],
    ],
    photos: 1,
  },
  4: {
    description: 'Custom loop with a distro plate. Leak-tested for 24 hours; the towel stayed dry.',
    tags: ['water-cooled', 'white-build'],
    parts: [
      ['case', 'Lian Li O11 Dynamic EVO'],
      ['GPU', 'RX 7900 XTX'],
      ['cooler', 'EK Quantum custom loop'],
    ],
    photos: 3,
  },
  6: {
    description: 'No lights, no glass, no noise.',
    tags: ['rgb-free', 'silent', 'sleeper'],
    parts: [['cooler', 'Noctua NH-D15']],
    photos: 0,
  },
  8: { description: 'Used parts, big frames.', tags: ['budget', 'first-build'], parts: [['GPU', 'RX 6600']], photos: 1 },
};

// Who made each build (an index into members): some share a lot and some a little,
// so the demo's members reach different levels and achievements.
const owners = [0, 1, 0, 2, 0, 3, 1, 0, 4, 2, 0, 5, 1, 6, 7, 3];

// Regulars who came back on each of the last days (7, 4 and 2 of them), for streaks.
const regulars = [
  [2, 7],
  [5, 4],
  [6, 2],
] as const;

const palette = ['#ff4fd8', '#2ee6ff', '#b8ff3c', '#ff8a2a', '#7b5cff', '#ff3b5c', '#00ffa3', '#ffd23f'];

/** A deterministic pseudo-random source, so every seed produces the same demo site. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

/** An SVG scene of a PC case on a desk: glass panel, fans with RGB rings, a GPU, a glow. */
export function scene(index: number): string {
  const next = random(index + 1);
  const pick = () => palette[Math.floor(next() * palette.length)]!;
  const [a, b, glow] = [pick(), pick(), pick()];
  const fans = 2 + Math.floor(next() * 2);
  const white = next() < 0.25;
  const caseFill = white ? '#e8ecf5' : '#141824';
  const fanRings = Array.from({ length: fans }, (_, fan) => {
    const cy = 260 + fan * (520 / fans);
    return `<circle cx="760" cy="${cy}" r="95" fill="none" stroke="${fan % 2 ? a : b}" stroke-width="16" filter="url(#blur)"/>
      <circle cx="760" cy="${cy}" r="95" fill="none" stroke="${fan % 2 ? a : b}" stroke-width="6"/>
      <circle cx="760" cy="${cy}" r="22" fill="#0a0c14"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs>
      <radialGradient id="room" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="${glow}" stop-opacity=".35"/><stop offset="1" stop-color="#05060b"/></radialGradient>
      <linearGradient id="edge" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
      <filter id="blur"><feGaussianBlur stdDeviation="14"/></filter>
    </defs>
    <rect width="1600" height="1200" fill="url(#room)"/>
    <rect y="1010" width="1600" height="190" fill="#1b1f2e"/>
    <rect x="430" y="120" width="700" height="900" rx="36" fill="${caseFill}"/>
    <rect x="470" y="160" width="620" height="820" rx="20" fill="#0b0e18" stroke="url(#edge)" stroke-width="10"/>
    <rect x="470" y="160" width="620" height="820" rx="20" fill="none" stroke="url(#edge)" stroke-width="26" filter="url(#blur)" opacity=".7"/>
    ${fanRings}
    <rect x="510" y="560" width="360" height="90" rx="10" fill="#222838" stroke="${b}" stroke-width="4"/>
    <rect x="530" y="240" width="150" height="150" rx="12" fill="#1a1f2c" stroke="${a}" stroke-width="4"/>
    <rect x="1180" y="760" width="300" height="250" rx="12" fill="#10131d" stroke="${glow}" stroke-width="5"/>
  </svg>`;
}

export async function seed(): Promise<void> {
  const config = env();
  const db = setDatabase(openDatabase(config.DATABASE_PATH));
  migrateDatabase(db);
  const now = Date.now();
  /** One of our generated scenes, processed and saved as an upload is: its image id. */
  const sceneImage = async (n: number) => {
    const png = await sharp(Buffer.from(scene(n)))
      .png()
      .toBuffer();
    return saveImage(await processImage(new Uint8Array(png), { uploadsDir: config.UPLOADS_DIR }));
  };
  const ids = members.map(([username, bio], index) => {
    const email = `${username.toLowerCase()}@demo.rigroast.local`;
    const existing = findUserByEmail(email);
    if (existing) return existing.id;
    const formerName = formerNames[username];
    const { id } = insertUser({ username: formerName ?? username, email, bio, createdAt: new Date(now - (40 - index) * 86_400_000) });
    if (formerName) changeUsername(id, username, new Date(now - 10 * 86_400_000));
    return id;
  });
  // "News and offers" goes only to members who opted in, on a recorded date: two did, one changed their mind.
  updateEmailPreferences(ids[0]!, { marketing: true }, new Date(now - 30 * 86_400_000));
  updateEmailPreferences(ids[4]!, { marketing: true }, new Date(now - 12 * 86_400_000));
  updateEmailPreferences(ids[5]!, { marketing: true }, new Date(now - 25 * 86_400_000));
  updateEmailPreferences(ids[5]!, { marketing: false }, new Date(now - 5 * 86_400_000));
  // A disabled member: their page says it is not available (404).
  const disabled = 'disabled@demo.rigroast.local';
  if (!findUserByEmail(disabled))
    insertUser({ username: 'BannedBlaster', email: disabled, bio: 'Spammed the comments.', isDisabled: true });

  const next = random(2026);
  // Newest first once the loop is done (by `index`), whatever order they were made in.
  const seeded: { buildId: number; ownerId: number; index: number }[] = [];
  // Oldest first, as they happened, so the members' progression (and their achievements' dates) reads in order.
  for (const [index, title] of [...builds.entries()].reverse()) {
    const imageId = await sceneImage(index);
    // Every variant now: a seeded site shows AVIF from its first page.
    await makeLaterVariants(imageId);
    const createdAt = new Date(now - index * 37 * 3600_000);
    const ownerId = ids[owners[index]!]!;
    const about = details[index];
    // Each roast intensity on a third of the builds; the roast job writes each roast and its advice when the server runs.
    const roastIntensity = ROAST_INTENSITIES[index % ROAST_INTENSITIES.length];
    const created = await createBuild(
      { userId: ownerId, title, imageId, description: about?.description, tags: about?.tags, roastIntensity },
      createdAt,
    );
    if (!created.ok) continue;
    const { buildId } = created;
    // Our own generated scenes need no screening: listed at once, roasted when the server runs.
    await approveBuild(buildId, createdAt);
    for (const [category, name] of about?.parts ?? []) addPart(buildId, ownerId, { category, name });
    for (let extra = 1; extra <= (about?.photos ?? 0); extra++) {
      const added = await addBuildPhoto(buildId, ownerId, await sceneImage(index + extra * 5));
      if (added.ok) await approveBuildPhoto(added.photo.id);
    }
    seeded.push({ buildId, ownerId, index });
    const others = ids.filter((id) => id !== ownerId);
    // One build nobody has rated yet ("Not rated yet"): one in neither competition.
    const unrated = index === members.length - 2;
    for (const [position, userId] of others.entries()) {
      if (unrated || next() < 0.3) continue;
      const ratedAt = new Date(Math.min(now, createdAt.getTime() + (position + 1) * 3 * 3600_000));
      rateBuild({ buildId, userId, rating: 1 + Math.min(4, Math.floor(next() * 3 + (index % 3))) }, ratedAt);
    }
    const talkers = others.slice(0, 1 + (index % 3));
    for (const [position, userId] of talkers.entries()) {
      const { id } = addComment(
        { buildId, userId, content: comments[(index + position) % comments.length]! },
        new Date(createdAt.getTime() + (position + 1) * 600_000),
      );
      if (position === 0 && index % 4 === 0)
        addComment({ buildId, userId: ownerId, content: 'Appreciate it! @RoastBot, be gentle.', parentCommentId: id });
    }
    console.log(`  build ${builds.length - index}/${builds.length}: ${title}`);
  }
  seeded.sort((a, b) => a.index - b.index);

  // An extra photo screening held (it may show a person): the moderators' queue has it to decide from the start.
  const heldOn = seeded[1]!;
  const held = await addBuildPhoto(heldOn.buildId, heldOn.ownerId, await sceneImage(heldOn.index + 40));
  if (held.ok) db.transaction((tx) => holdPhotoForReview(tx, held.photo.id, SCREENING_REASONS.person));

  // Three lurkers who only rate: with them the newest build reaches its 10th rating, a milestone its owner is told of.
  const fans = fanMembers.map(([username, bio]) => {
    const email = `${username.toLowerCase()}@demo.rigroast.local`;
    return (findUserByEmail(email) ?? insertUser({ username, email, bio, createdAt: new Date(now - 20 * 86_400_000) })).id;
  });
  const newest = seeded[0]!;
  for (const userId of [...ids, ...fans].filter((id) => id !== newest.ownerId)) {
    rateBuild({ buildId: newest.buildId, userId, rating: 5 }, new Date(now - 2 * 3600_000));
  }
  // Half the members have read what the bell told them so far; the rest find it unread, with what follows.
  for (const userId of ids.filter((_, index) => index % 2 === 0)) markAllNotificationsRead(userId, new Date(now - 86_400_000));

  // Progression follows from these actions (experience, levels, streaks, achievements), as it does on the live site.
  for (const [member, days] of regulars) {
    const userId = ids[member]!;
    const theirs = seeded.filter((build) => build.ownerId !== userId);
    for (let day = days - 1; day >= 0; day--) {
      addComment(
        { buildId: theirs[day % theirs.length]!.buildId, userId, content: 'Came back to look at this one again.' },
        new Date(now - day * 86_400_000),
      );
    }
  }

  const DAY = 86_400_000;
  // Entries are rated by three other members during the competition, at `ratedAt`.
  const enterAll = (competitionId: number, entries: typeof seeded, enteredAt: number, ratedAt: number) => {
    for (const [position, { buildId, ownerId }] of entries.entries()) {
      enterCompetition({ competitionId, userId: ownerId, buildId }, new Date(enteredAt));
      const voters = ids.filter((id) => id !== ownerId).slice(position % 3, (position % 3) + 3);
      for (const userId of voters)
        rateBuild({ buildId, userId, rating: 2 + Math.floor(next() * 4) }, new Date(ratedAt + position * 600_000));
    }
  };
  // Two of the lurkers sit on both juries: their stars make the jury prize and count for nothing in the community vote.
  const jurors = fans.slice(0, 2);
  const judge = (entries: typeof seeded, ratedAt: number) => {
    for (const [position, { buildId }] of entries.entries()) {
      for (const userId of jurors) rateBuild({ buildId, userId, rating: 5 - (position % 5) }, new Date(ratedAt + position * 600_000));
    }
  };
  const ended = createCompetition({
    title: 'Cable Management Cup',
    series: 'RigRoast Monthly',
    jurors,
    theme: 'Clean cables, tidy loops, zero spaghetti',
    description: 'Prove that your cables have a plan: sleeved, combed, hidden, or routed like art.',
    rules: 'One build per member. The photo must show the cable side or the glass panel.',
    prizes: ['1st: the Golden Zip Tie badge', '2nd: the Silver Sleeve badge', '3rd: the Bronze Comb badge'],
    startDate: new Date(now - 24 * DAY),
    endDate: new Date(now - 6 * DAY),
  });
  // The older half of the builds (each member's older one) competed in it; it closed with its winners.
  enterAll(ended, seeded.slice(members.length), now - 11 * DAY, now - 8 * DAY);
  judge(seeded.slice(members.length).reverse(), now - 7 * DAY);
  closeCompetition(ended);
  const active = createCompetition({
    title: 'Winter Glow Showdown',
    series: 'RigRoast Monthly',
    jurors,
    theme: 'Frosty, white and ice-blue builds',
    description: 'Show off your coolest rig: white cases, ice-blue RGB, and as much frost as your cooler can fake.',
    rules: 'One build per member. Photos of your own rig only.',
    prizes: ['1st: a trophy badge and eternal glory', '2nd: a silver badge', '3rd: bragging rights'],
    startDate: new Date(now - 3 * DAY),
    endDate: new Date(now + 11 * DAY),
  });
  enterAll(active, seeded.slice(0, members.length - 2), now - 2 * DAY, now - DAY);
  // An entry nobody has voted on during the competition (an older build, by a member with no entry yet): it stands below every voted one, and would take no place at the close.
  const entrants = new Set(seeded.slice(0, members.length - 2).map((build) => build.ownerId));
  const unvoted = seeded.find((build) => !entrants.has(build.ownerId));
  if (unvoted) enterCompetition({ competitionId: active, userId: unvoted.ownerId, buildId: unvoted.buildId }, new Date(now - DAY));
  judge(seeded.slice(0, 3), now - DAY / 2);
  await seedDeletedAccount(seeded[0]!, ids, new Date(now - 3 * 3600_000));
  // Vote integrity: a small ring and a burst of 1-star ratings, and the scan that finds them (/admin/integrity).
  const findings = await seedVoteIntegrity({ target: seeded[1]!.buildId, outsider: seeded[2]!.buildId, scene });
  // The moderators' toolkit at work: a moderator, a warned member with strikes (one expired), a suspended one who appealed, notes, an open report.
  const moderatorEmail = 'moderator@demo.rigroast.local';
  const moderator = findUserByEmail(moderatorEmail) ?? insertUser({ username: 'ModMarshal', email: moderatorEmail, isModerator: true });
  const staff = { ...moderator, isAdmin: false, isModerator: true };
  const [warned, suspended] = [ids[5]!, ids[2]!];
  if (memberStanding(warned)?.warnings.length === 0) {
    strikeMember(staff, warned, { reason: 'Posted a referral link in three comments.', days: 90 }, new Date(now - 120 * DAY));
    strikeMember(staff, warned, { reason: 'Called a member’s build “trash” and the member too.', days: 30 }, new Date(now - 2 * DAY));
    warnMember(staff, warned, 'Roast the rig, not the person: the next personal insult means a suspension.', new Date(now - 2 * DAY));
    addModeratorNote(
      staff,
      warned,
      'Second incident this season; first one (the referral links) was before the rules said so.',
      new Date(now - 2 * DAY),
    );
    reportItem(ids[0]!, { buildId: seeded[1]!.buildId }, 'spam', 'The description reads like an advert.');
  }
  if (!memberStanding(suspended)?.suspendedUntil) {
    strikeMember(staff, suspended, { reason: 'Rated every entry of a competition 1 star within a minute.', days: 60 }, new Date(now - DAY));
    suspendMember(
      staff,
      suspended,
      { reason: 'Vote brigading in the Winter Glow Showdown.', until: new Date(now + 5 * DAY) },
      new Date(now - DAY),
    );
    addModeratorNote(staff, suspended, 'Says a friend used the account. Lift early only with a password reset.', new Date(now - DAY));
    // Their appeal waits in the moderation queue.
    fileAppeal(suspended, { about: 'suspension' }, 'My little brother used my account while I was away. I changed my password.');
  }
  console.log(
    `Seeded ${members.length + fans.length} members (one renamed, a disabled one, one who deleted their account, a moderator, a warned and a suspended one who appealed), ${builds.length} builds with ratings and comments, an active competition in contest mode with entries and a jury, an ended one with its community and jury winners, the members' notifications, an extra photo held for the moderators and ${findings} vote-integrity findings into ${config.DATABASE_PATH}.`,
  );
  console.log('Each build is roasted (and RoastBot answers its mentions) by the job runner once the server runs (npm start).');
  closeDatabase();
}

/**
 * A member who came, rated, commented and left (Settings → Delete my account): their
 * answered comment stays as "[deleted]" under the newest build, their rating is out of
 * its score, and the audit log has a row that names nobody.
 */
async function seedDeletedAccount(newest: { buildId: number; ownerId: number }, ids: number[], at: Date): Promise<void> {
  const email = 'fleeting@demo.rigroast.local';
  if (findUserByEmail(email)) return;
  const { id } = insertUser({
    username: 'FleetingFrank',
    email,
    bio: 'Just passing through.',
    createdAt: new Date(at.getTime() - 86_400_000),
  });
  rateBuild({ buildId: newest.buildId, userId: id, rating: 1 }, new Date(at.getTime() - 3600_000));
  const { id: asked } = addComment(
    { buildId: newest.buildId, userId: id, content: 'Is that a toaster in there?' },
    new Date(at.getTime() - 3600_000),
  );
  const answerer = ids.find((member) => member !== newest.ownerId)!;
  addComment(
    { buildId: newest.buildId, userId: answerer, content: 'Ha, it is the PSU.', parentCommentId: asked },
    new Date(at.getTime() - 1800_000),
  );
  await eraseOwnAccount(id, at);
}
