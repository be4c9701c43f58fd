import type { Route } from './+types/competitions.entries';
import { entryBodySchema } from '~/api/contract/competitions';
import { apiError, type ApiErrorStatus, pathId, readJson, requireApiUser } from '~/api/request.server';
import { type EntryRefusal, enterCompetition, withdrawEntry } from '~/models/competition-entries.server';

const REFUSALS: Record<EntryRefusal, [ApiErrorStatus, string]> = {
  not_found: [404, 'Competition not found'],
  not_open: [409, 'This competition is not taking entries'],
  not_your_build: [403, 'You can only enter your own builds'],
  not_listed: [400, 'That build is not listed, so it cannot be entered'],
  not_entered: [404, 'You have no entry in this competition'],
};

/**
 * POST /api/competitions/{id}/entries {buildId}: enters (or replaces) the signed-in
 * member's entry; DELETE withdraws it (any other method is answered 405 before it gets
 * here). The member is the session's, never the body's.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireApiUser(args);
  const competitionId = pathId(args.params.id, 'Competition not found');
  if (args.request.method === 'DELETE') {
    const result = withdrawEntry({ competitionId, userId: user.id });
    if (!result.ok) return apiError(...REFUSALS[result.reason]);
    return Response.json({ message: 'Entry withdrawn' });
  }
  const { buildId } = await readJson(args.request, entryBodySchema);
  const result = enterCompetition({ competitionId, userId: user.id, buildId });
  if (!result.ok) return apiError(...REFUSALS[result.reason]);
  return Response.json({ competitionId, buildId, replaced: result.replaced });
}
