import { Link, redirect } from 'react-router';
import type { Route } from './+types/route';
import { BattleVoteForms } from './vote-forms';
import { BattleReveal } from './reveal';
import { imageSources } from '~/images/records.server';
import { castBattleVote, mayVoteNow, nextBattle, revealBattle } from '~/models/battles.server';
import { battleRevealPath, parseBattlePair, readBattleVote } from '~/domain/battle-votes';
import { photoAlt } from '~/domain/photo-alt';
import { env } from '~/services/env.server';
import { ratingNetworkOf } from '~/web/rating-network.server';
import { currentUser, requireUser } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';
import { pageMeta } from '~/utils/meta';

/**
 * `/battles`: a pair of listed builds, photos only, for the member to pick one; after a
 * vote, `?after=<low>-<high>` reveals both with their battle standing and offers the next
 * pair. Guests see pairs and are asked to sign in to vote.
 */
export function loader(args: Route.LoaderArgs) {
  const viewer = currentUser(args);
  const voterId = viewer?.id ?? null;
  const named = parseBattlePair(args.url.searchParams.get('after'));
  const reveal = named ? revealBattle(voterId, named.low, named.high) : null;
  const pair = reveal ? null : nextBattle(voterId);
  const images = imageSources(reveal ? [reveal.low.imageId, reveal.high.imageId] : pair ? [pair.first.imageId, pair.second.imageId] : []);
  return {
    voter: viewer ? { canVote: mayVoteNow(viewer.id), minLevel: env().BATTLE_MIN_LEVEL } : null,
    pair: pair && {
      first: { id: pair.first.id, image: images.get(pair.first.imageId) ?? null, alt: pair.first.photoAlt },
      second: { id: pair.second.id, image: images.get(pair.second.imageId) ?? null, alt: pair.second.photoAlt },
    },
    reveal: reveal && {
      outcome: reveal.outcome,
      sides: [reveal.low, reveal.high].map((side) => ({
        id: side.id,
        title: side.title,
        username: side.username,
        image: images.get(side.imageId) ?? null,
        alt: photoAlt(side.photoAlt, side.title),
        standing: side.standing && { rank: side.standing.rank, votes: side.standing.votes, certainty: side.standing.certainty },
      })),
    },
  };
}

/** A vote: recorded, it lands on the reveal of its pair; refused, back to a pair with the reason. */
export async function action(args: Route.ActionArgs) {
  const member = requireUser(args);
  const form = await args.request.formData();
  const vote = readBattleVote(form.get('first'), form.get('second'), form.get('choice'));
  const refused = (description: string) =>
    redirectWithToast('/battles', { kind: 'error', title: 'Vote not saved', description }, { status: 303 });
  if (!vote) return refused('Pick one of the two builds shown, or “Can’t decide”.');
  const result = castBattleVote({ voterId: member.id, ...vote, network: ratingNetworkOf(args.request) });
  if (result.ok) return redirect(battleRevealPath(result.low, result.high), 303);
  if (result.reason === 'already_voted') {
    const pair = [vote.first, vote.second].sort((a, b) => a - b) as [number, number];
    return redirectWithToast(battleRevealPath(...pair), { kind: 'info', title: result.message }, { status: 303 });
  }
  return refused(result.message);
}

export const meta = () =>
  pageMeta('Rig Battles', 'Two PC builds, photos only: pick the better rig, then see whose it is and where it stands.');

export default function Battles({ loaderData }: Route.ComponentProps) {
  const { voter, pair, reveal } = loaderData;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="display text-3xl sm:text-5xl">
            Rig <span className="text-gradient">Battles</span>
          </h1>
          <p className="mt-3 max-w-3xl leading-relaxed text-muted">
            Two builds, photos only. Pick the better rig; titles and owners show after your vote.
          </p>
        </div>
        <Link to="/battles/leaderboard" className="text-sm font-semibold text-neon-cyan hover:underline">
          Battle rankings
        </Link>
      </div>
      {reveal ? (
        <BattleReveal outcome={reveal.outcome} sides={reveal.sides} />
      ) : pair ? (
        <BattleVoteForms pair={pair} voter={voter} />
      ) : (
        <div className="panel mt-8 flex flex-col items-center gap-4 p-8 text-center">
          <p className="font-semibold">No battles left for you right now.</p>
          <p className="text-muted">New builds join battles as they are listed: come back later, or see how the builds stand.</p>
          <Link to="/battles/leaderboard" className="font-semibold text-neon-cyan hover:underline">
            Battle rankings
          </Link>
        </div>
      )}
    </div>
  );
}
