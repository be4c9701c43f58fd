import type { Route } from './+types/admin.user-notes';
import { measureFailure, onlyMethod } from '~/api/admin.server';
import { noteBody } from '~/api/contract/member-moderation';
import { apiError, pathId, readJson, requireApiStaff } from '~/api/request.server';
import { findMember } from '~/models/admin-members.server';
import { addModeratorNote, listModeratorNotes } from '~/models/member-moderation.server';

/** GET /api/admin/users/{userId}/notes: staff's private notes on a member, newest first. */
export function loader(args: Route.LoaderArgs) {
  requireApiStaff(args);
  const member = findMember(pathId(args.params.id, 'User not found'));
  if (!member) return apiError(404, 'User not found');
  return Response.json(listModeratorNotes(member.id));
}

/** POST /api/admin/users/{userId}/notes {note}: adds one. */
export async function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'POST');
  const staff = requireApiStaff(args);
  const memberId = pathId(args.params.id, 'User not found');
  const { note } = await readJson(args.request, noteBody);
  const result = addModeratorNote(staff, memberId, note);
  if (!result.ok) return measureFailure(result);
  return Response.json({ id: result.noteId }, { status: 201 });
}
