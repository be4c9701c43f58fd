import type { Route } from './+types/user.appeals';
import { onlyMethod, writeOnly } from '~/api/admin.server';
import { appealBody } from '~/api/contract/member-moderation';
import { apiError, readJson, requireApiUser } from '~/api/request.server';
import { fileAppeal } from '~/models/appeals.server';
import { waitText } from '~/utils/dates';

/** POST /api/user/appeals {about, strikeId?, message}: asks a moderator to look again; allowed while suspended. */
export const loader = writeOnly('POST');

export async function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'POST');
  const user = requireApiUser(args);
  const { about, strikeId, message } = await readJson(args.request, appealBody);
  const result = fileAppeal(user.id, about === 'strike' ? { about, strikeId: strikeId! } : { about }, message);
  if (result.ok) return Response.json({ id: result.appealId }, { status: 201 });
  switch (result.reason) {
    case 'not_found':
      return apiError(404, about === 'strike' ? 'No strike of yours by that id counts now' : 'You are not suspended');
    case 'already_appealed':
      return apiError(409, 'You appealed this already: one appeal per suspension or strike', 'already_appealed');
    case 'rate_limited':
      return apiError(429, `You sent several appeals today. Try again in ${waitText(result.retryAfterMs)}.`, undefined, {
        headers: { 'Retry-After': String(Math.ceil(result.retryAfterMs / 1000)) },
      });
  }
}
