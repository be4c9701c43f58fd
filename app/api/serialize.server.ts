import type { z } from 'zod';
import type { ownBuildSchema } from './contract/account';
import type { battleEntrySchema, battleVoteResultSchema, nextBattleSchema } from './contract/battles';
import type { buildExtrasSchema, partJsonSchema, photoJsonSchema } from './contract/build-details';
import type { competitionDetailSchema } from './contract/competitions';
import type { publicMemberSchema } from './contract/members';
import {
  apiBuildSummary,
  apiCompetition,
  apiJuryWinner,
  apiLeaderboardEntry,
  apiPastCompetition,
  apiProgression,
  apiWinner,
} from './serialize';
import type { BuildSort } from '~/domain/build-sorts';
import type { CompetitionPlacement, PublicMember } from '~/domain/members';
import type { Progression } from '~/domain/progression';
import type { BuildSummary } from '~/domain/builds';
import type { CompetitionStanding } from '~/models/competition-standings.server';
import type { CompetitionDetail } from '~/models/competitions.server';
import type { CompetitionWin, JuryWinner, PastCompetition, Winner } from '~/domain/competitions';
import type { ContestEntry } from '~/models/competition-contest.server';
import { imageSource, imageSources } from '~/images/records.server';
import type { LeaderboardEntry } from '~/models/leaderboards.server';
import type { BattleEntry, BattlePair, BattleReveal, BattleSide } from '~/models/battles.server';
import { buildTagsOf } from '~/models/build-details.server';
import { listParts } from '~/models/build-parts.server';
import { type BuildPhoto, listBuildPhotos } from '~/models/build-photos.server';
import type { BuildPart } from '~/domain/build-parts';
import { photoAlt } from '~/domain/photo-alt';

/** A lookup of each item's photo URL, the photos read in one query. */
function photoUrls(items: { imageId: number }[]): (item: { imageId: number }) => string {
  const images = imageSources(items.map((item) => item.imageId));
  return (item) => images.get(item.imageId)?.src ?? '';
}

/** Builds for a JSON list, with their photos' URLs read in one query. */
export function apiBuildList(builds: BuildSummary[]) {
  const photoUrl = photoUrls(builds);
  return builds.map((build) => apiBuildSummary(build, photoUrl(build)));
}

/** The member's own builds, each with its review status (GET /api/user/builds). */
export function apiOwnBuildList(builds: BuildSummary[]): z.infer<typeof ownBuildSchema>[] {
  const photoUrl = photoUrls(builds);
  return builds.map((build) => ({ ...apiBuildSummary(build, photoUrl(build)), reviewStatus: build.reviewStatus }));
}

/** One photo's URL (its JPEG fallback), '' when it has none. */
export function apiImageUrl(imageId: number): string {
  return imageSource(imageId)?.src ?? '';
}

/** A board's entries, with their photos' URLs read in one query. */
export function apiLeaderboard(entries: LeaderboardEntry[]) {
  const photoUrl = photoUrls(entries);
  return entries.map((entry) => apiLeaderboardEntry(entry, photoUrl(entry)));
}

type DetailParts = {
  /** Contest mode's: in the caller's order, without scores. */
  entries?: ContestEntry[] | null;
  standings?: CompetitionStanding[];
  placements?: Winner[];
  juryWinner?: JuryWinner | null;
};

/**
 * One competition (photos read in one query): while it runs its entries alone
 * (contest mode), once closed its standings, placements and jury prize.
 */
export function apiCompetitionDetail(
  competition: CompetitionDetail,
  { entries = null, standings, placements, juryWinner = null }: DetailParts,
): z.infer<typeof competitionDetailSchema> {
  const named = [...(placements ?? []), ...(juryWinner ? [juryWinner] : [])].flatMap((winner) => winner.build ?? []);
  const photoUrl = photoUrls([...(entries ?? []), ...(standings ?? []), ...named]);
  return {
    ...apiCompetition(competition),
    rules: competition.rules,
    open: competition.open,
    contest: competition.contest,
    series: competition.series,
    jurors: competition.jurors,
    closedAt: competition.closedAt?.toISOString() ?? null,
    entries:
      entries?.map((entry) => ({
        buildId: entry.buildId,
        title: entry.title,
        username: entry.username,
        imageUrl: photoUrl(entry),
        imageAlt: photoAlt(entry.photoAlt, entry.title),
        myRating: entry.myRating,
      })) ?? null,
    standings:
      standings?.map((standing) => ({
        rank: standing.rank,
        buildId: standing.buildId,
        title: standing.title,
        username: standing.username,
        imageUrl: photoUrl(standing),
        imageAlt: photoAlt(standing.photoAlt, standing.title),
        votes: standing.votes,
        points: standing.points,
      })) ?? null,
    placements: placements?.map((placement) => apiWinner(placement, photoUrl)) ?? null,
    juryWinner: juryWinner ? apiJuryWinner(juryWinner, photoUrl) : null,
  };
}

/** A part as the API answers it. */
export function apiPart(part: BuildPart): z.infer<typeof partJsonSchema> {
  return { id: part.id, category: part.category, name: part.name, status: part.status, source: part.source };
}

/** An extra photo of the build titled `title` as the API answers it. */
export function apiPhoto(photo: BuildPhoto, title: string): z.infer<typeof photoJsonSchema> {
  return {
    id: photo.id,
    position: photo.position,
    imageUrl: apiImageUrl(photo.imageId),
    alt: photoAlt(photo.alt, title, photo.position),
    reviewStatus: photo.reviewStatus,
  };
}

/** What a build has beyond its summary: the owner sees the AI's proposals and photos still being checked. */
export function apiBuildExtras(
  build: { id: number; title: string; description: string | null },
  ownerAsks: boolean,
): z.infer<typeof buildExtrasSchema> {
  const parts = listParts(build.id);
  return {
    description: build.description,
    tags: buildTagsOf(build.id),
    parts: (ownerAsks ? parts : parts.filter((part) => part.status === 'confirmed')).map(apiPart),
    photos: listBuildPhotos(build.id, { approvedOnly: !ownerAsks }).map((photo) => apiPhoto(photo, build.title)),
  };
}

type MemberInput = {
  member: PublicMember;
  progression: Progression;
  placements: CompetitionPlacement[];
  wins: CompetitionWin[];
  builds: { list: BuildSummary[]; total: number; sort: BuildSort; page: number; pageCount: number };
};

/** A member's public page (GET /api/users/{username}): only earned achievements; a placed build that is no longer listed is not named. */
export function apiPublicMember({ member, progression, placements, wins, builds }: MemberInput): z.infer<typeof publicMemberSchema> {
  const { achievements, ...level } = apiProgression(progression);
  return {
    username: member.username,
    avatarUrl: member.avatarUrl,
    bio: member.bio,
    createdAt: member.createdAt.toISOString(),
    progression: { ...level, achievements: achievements.filter((achievement) => achievement.earnedAt !== null) },
    placements: placements.map((placement) => ({
      competitionId: placement.competitionId,
      competitionTitle: placement.competitionTitle,
      closedAt: placement.closedAt.toISOString(),
      placement: placement.placement,
      entrants: placement.entrants,
      buildId: placement.build?.id ?? null,
      buildTitle: placement.build?.title ?? null,
    })),
    wins: wins.map((win) => ({
      competitionId: win.competitionId,
      competitionTitle: win.competitionTitle,
      closedAt: win.closedAt.toISOString(),
      place: win.prize.kind === 'place' ? win.prize.place : null,
      juryPrize: win.prize.kind === 'jury',
      prize: win.prizeText,
      badgeUrl: win.badgeUrl,
      buildId: win.build?.id ?? null,
      buildTitle: win.build?.title ?? null,
    })),
    builds: { sort: builds.sort, page: builds.page, pageCount: builds.pageCount, total: builds.total, items: apiBuildList(builds.list) },
  };
}

/** Closed competitions with their winners, the winners' photos read in one query. */
export function apiPastCompetitions(competitions: PastCompetition[]) {
  const photoUrl = photoUrls(
    competitions.flatMap(({ winners, juryWinner }) =>
      [...winners, ...(juryWinner ? [juryWinner] : [])].flatMap((winner) => winner.build ?? []),
    ),
  );
  return competitions.map((competition) => apiPastCompetition(competition, photoUrl));
}

/** The next battle's two builds, photos only (GET /api/battles/next). */
export function apiBattlePair(pair: BattlePair | null): z.infer<typeof nextBattleSchema> {
  if (!pair) return { pair: null };
  const photoUrl = photoUrls([pair.first, pair.second]);
  const side = (build: BattleSide) => ({ id: build.id, imageUrl: photoUrl(build), imageAlt: build.photoAlt });
  return { pair: { first: side(pair.first), second: side(pair.second) } };
}

/** A pair revealed after a vote, in id order, each with its standing. */
export function apiBattleReveal(reveal: BattleReveal): z.infer<typeof battleVoteResultSchema>['builds'] {
  const photoUrl = photoUrls([reveal.low, reveal.high]);
  return [reveal.low, reveal.high].map((side) => ({
    id: side.id,
    title: side.title,
    username: side.username,
    imageUrl: photoUrl(side),
    imageAlt: photoAlt(side.photoAlt, side.title),
    standing: side.standing && { rank: side.standing.rank, votes: side.standing.votes, certainty: side.standing.certainty },
  }));
}

/** The battle leaderboard's entries, with their photos' URLs read in one query. */
export function apiBattleLeaderboard(entries: BattleEntry[]): z.infer<typeof battleEntrySchema>[] {
  const photoUrl = photoUrls(entries);
  return entries.map((entry) => ({
    rank: entry.rank,
    id: entry.buildId,
    title: entry.title,
    username: entry.username,
    imageUrl: photoUrl(entry),
    imageAlt: photoAlt(entry.photoAlt, entry.title),
    votes: entry.votes,
    certainty: entry.certainty,
    score: entry.conservative,
  }));
}
