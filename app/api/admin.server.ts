import type { MemberChangeResult } from '~/models/admin-members.server';
import { apiError } from '~/api/request.server';

/** Why a member change was refused, as the API answers it. */
export function memberChangeFailure(result: Extract<MemberChangeResult, { ok: false }>, failure: string): Response {
  return result.reason === 'not_found'
    ? apiError(404, `${failure}: this user does not exist.`)
    : apiError(403, `${failure}: admins, and your own account, cannot be changed.`);
}

const wrongMethod = (method: string) => apiError(405, `Use ${method} for this call`, undefined, { headers: { Allow: method } });

/** Each admin path answers one method; anything else is 405. */
export function onlyMethod(request: Request, method: 'DELETE' | 'PATCH'): void {
  if (request.method !== method) throw wrongMethod(method);
}

/** The loader of a path that only writes: a GET is told which method to use. */
export const writeOnly = (method: 'DELETE' | 'PATCH') => () => wrongMethod(method);
