import type { z } from 'zod';
import type { adminCompetitionSchema } from './contract/competitions';
import { adminCompetitionBody } from './contract/competitions';
import type { MemberChangeResult } from '~/models/admin-members.server';
import { type AdminCompetition, findCompetitionForAdmin, saveCompetition } from '~/models/competitions.server';
import type { Actor } from '~/models/audit.server';
import { STAFF_RULE_REFUSAL } from '~/domain/member-moderation';
import type { Viewer } from '~/domain/permissions';
import { apiError, readJson } from '~/api/request.server';
import { ADMIN_ACCESS_DENIED } from '~/utils/constants';
import { competitionDays } from '~/utils/schemas';
import type { MeasureResult } from '~/models/member-moderation.server';

/** Why a member change was refused, as the API answers it. */
export function memberChangeFailure(result: Extract<MemberChangeResult, { ok: false }>, failure: string): Response {
  return result.reason === 'not_found'
    ? apiError(404, `${failure}: this user does not exist.`)
    : apiError(403, `${failure}: admins, and your own account, cannot be changed.`);
}

const wrongMethod = (method: string) => apiError(405, `Use ${method} for this call`, undefined, { headers: { Allow: method } });

/** Each admin path answers one method; anything else is 405. */
export function onlyMethod(request: Request, method: 'DELETE' | 'PATCH' | 'POST'): void {
  if (request.method !== method) throw wrongMethod(method);
}

/** The loader of a path that only writes: a GET is told which method to use. */
export const writeOnly = (method: 'DELETE' | 'PATCH' | 'POST') => () => wrongMethod(method);

export function apiAdminCompetition(competition: AdminCompetition): z.infer<typeof adminCompetitionSchema> {
  return {
    id: competition.id,
    title: competition.title,
    theme: competition.theme,
    description: competition.description,
    rules: competition.rules,
    prizes: competition.prizes,
    startDate: competition.startDate.toISOString(),
    endDate: competition.endDate.toISOString(),
    status: competition.status,
    series: competition.series,
    jurors: competition.jurors,
  };
}

/**
 * Creates (`id` null) or changes a competition from the JSON body, as the admin
 * form does: 400 for a bad field or a juror who is no member, 404 for an unknown id.
 */
export async function saveCompetitionFromJson(admin: Viewer & Actor, id: number | null, request: Request): Promise<Response> {
  const { startDate, endDate, prizes, rules, series, ...rest } = await readJson(request, adminCompetitionBody);
  const saved = saveCompetition(admin, id, {
    ...rest,
    ...competitionDays(startDate, endDate),
    prizes: prizes ?? [],
    rules: rules ?? '',
    ...(series === undefined ? {} : { series: series || null }),
  });
  if (!saved.ok) {
    if (saved.reason === 'unknown_jurors')
      return apiError(400, `No member is named ${saved.unknown.map((name) => `“${name}”`).join(', ')}`);
    return saved.reason === 'forbidden' ? apiError(403, ADMIN_ACCESS_DENIED) : apiError(404, 'Competition not found');
  }
  return Response.json(apiAdminCompetition(findCompetitionForAdmin(saved.id)!), { status: id === null ? 201 : 200 });
}

/** Why a measure on a member was refused, as the API answers it. */
export function measureFailure(result: Extract<MeasureResult, { ok: false }>): Response {
  return result.reason === 'not_found' ? apiError(404, 'User not found') : apiError(403, STAFF_RULE_REFUSAL);
}
