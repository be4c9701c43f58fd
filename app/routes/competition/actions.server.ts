import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { Route } from './+types/route';
import { rate } from '~/routes/build/actions.server';
import { isContestEntry } from '~/models/competition-contest.server';
import { enterCompetition, withdrawEntry } from '~/models/competition-entries.server';
import { findCompetition } from '~/models/competitions.server';
import { rejectForm } from '~/web/reject-form.server';
import { redirectWithToast } from '~/web/toast.server';
import { entryPlace } from '~/utils/places';
import { competitionEntrySchema } from '~/utils/schemas';

// The competition page's intents: a redirect back with a toast, or the page with the form's message.

const ENTRY_REFUSALS = {
  not_your_build: { status: 403, message: 'You can only enter your own builds.' },
  not_listed: { status: 400, message: 'That build is not listed, so it cannot be entered.' },
  not_open: { status: 409, message: 'This competition is not taking entries.' },
} as const;

export async function enter(args: Route.ActionArgs, competitionId: number, userId: number, formData: FormData, back: string) {
  const submission = parseWithZod(formData, { schema: competitionEntrySchema });
  if (submission.status !== 'success') return rejectForm(args, { result: submission.reply() });
  const result = enterCompetition({ competitionId, userId, buildId: submission.value.buildId });
  if (result.ok) return redirectWithToast(back, { title: result.replaced ? 'Entry replaced' : 'Build entered' }, { status: 303 });
  if (result.reason === 'not_found') throw data(null, { status: 404 });
  const refusal = ENTRY_REFUSALS[result.reason];
  return rejectForm(
    args,
    { result: submission.reply({ formErrors: [refusal.message] }) },
    { status: refusal.status, toast: { kind: 'error', title: 'Failed to enter build', description: refusal.message } },
  );
}

export function withdraw(competitionId: number, userId: number, back: string) {
  const result = withdrawEntry({ competitionId, userId });
  if (result.ok) return redirectWithToast(back, { title: 'Entry withdrawn' }, { status: 303 });
  if (result.reason === 'not_found') throw data(null, { status: 404 });
  const description = result.reason === 'not_open' ? 'This competition is not taking entries any more.' : 'You have no entry here.';
  return redirectWithToast(back, { kind: 'error', title: 'Failed to withdraw', description }, { status: 303 });
}

/**
 * Stars for an entry from its card on the competition page, as the build page
 * takes them (the same rating), back to the card. Only while the competition is
 * open: stars given after its end would not count.
 */
export function rateInPlace(request: Request, competitionId: number, userId: number, formData: FormData, back: string) {
  const buildId = Number(formData.get('buildId'));
  const competition = findCompetition(competitionId);
  if (!competition) throw data(null, { status: 404 });
  const fail = (description: string) =>
    redirectWithToast(back, { kind: 'error', title: 'Failed to submit rating', description }, { status: 303 });
  if (!competition.open) return fail('Voting has closed for this competition.');
  if (!Number.isSafeInteger(buildId) || !isContestEntry(competitionId, buildId)) return fail('That build is not an entry here.');
  return rate(request, buildId, userId, Number(formData.get('rating')), back, entryPlace(buildId));
}
