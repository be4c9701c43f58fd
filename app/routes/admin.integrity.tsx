import { Form, Link } from 'react-router';
import type { Route } from './+types/admin.integrity';
import { Badge } from '~/components/admin/admin-table';
import { ScoreEffects } from '~/components/admin/score-effects';
import { StaffMemberLink } from '~/components/admin/staff-member-link';
import { buttonClass } from '~/components/ui/button';
import { BURST, DISCOUNT_REASON_MAX, FINDING_TITLES, FOCUS, RING } from '~/domain/vote-integrity';
import { canModerateMember, STAFF_RULE_REFUSAL } from '~/domain/member-moderation';
import { integrityOverview } from '~/models/integrity-overview.server';
import { staffTargets } from '~/models/staff-targets.server';
import { DISCOUNT_REFUSALS, setRatingDiscount } from '~/models/rating-discounts.server';
import { requestIntegrityScan } from '~/models/vote-integrity.server';
import { requireStaff } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';
import { relativeTime, shortDate, DAY_MS } from '~/utils/dates';
import { counted } from '~/utils/count';

/**
 * Vote integrity for staff: the last scan's findings, the discounted members, and what
 * each does to the scores; each account offered to discount or restore only when the
 * staff rule lets the viewer act on it.
 */
export function loader(args: Route.LoaderArgs) {
  const staff = requireStaff(args);
  const { findings, discounts, ...overview } = integrityOverview();
  const targets = staffTargets([
    ...findings.flatMap((finding) => finding.accounts.map((account) => account.id)),
    ...discounts.map((discount) => discount.userId),
  ]);
  const mayActOn = (id: number) => {
    const target = targets.get(id);
    return target !== undefined && canModerateMember(staff, target);
  };
  return {
    ...overview,
    findings: findings.map((finding) => ({
      ...finding,
      accounts: finding.accounts.map((account) => ({ ...account, mayActOn: mayActOn(account.id) })),
    })),
    discounts: discounts.map((discount) => ({ ...discount, mayActOn: mayActOn(discount.userId) })),
    now: Date.now(),
  };
}

const BACK = '/admin/integrity';

/** Discount the chosen accounts of a finding, restore one member, or ask for a scan now. */
export async function action(args: Route.ActionArgs) {
  const staff = requireStaff(args);
  const form = await args.request.formData();
  const fail = (description: string) => redirectWithToast(BACK, { kind: 'error', title: 'Nothing changed', description }, { status: 303 });
  const intent = form.get('intent');
  if (intent === 'scan') {
    requestIntegrityScan();
    return redirectWithToast(BACK, { title: 'Scan queued', description: 'Findings appear here when it is done.' }, { status: 303 });
  }
  if (intent !== 'discount' && intent !== 'restore') return fail('Unknown action.');
  const reason = String(form.get('reason') ?? '');
  const userIds = form.getAll('userId').map(Number);
  if (userIds.length === 0) return fail('Choose at least one account.');
  const done: string[] = [];
  for (const userId of userIds) {
    const result = setRatingDiscount(staff, userId, { discount: intent === 'discount', reason });
    if (!result.ok) {
      const before = done.length > 0 ? ` (${done.map((name) => `@${name}`).join(', ')} done before it)` : '';
      return fail(`${DISCOUNT_REFUSALS[result.reason]}${before}`);
    }
    done.push(result.label);
  }
  const names = done.map((name) => `@${name}`).join(', ');
  return redirectWithToast(
    BACK,
    intent === 'discount'
      ? { title: 'Ratings discounted', description: `${names}: their ratings no longer count anywhere.` }
      : { title: 'Ratings restored', description: `${names}: their ratings count again.` },
    { status: 303 },
  );
}

function ReasonField({ id }: { id: string }) {
  return (
    <label htmlFor={id} className="grid min-w-0 flex-[1_1_16rem] gap-1 text-xs text-muted">
      Reason (for the audit log)
      <input
        id={id}
        name="reason"
        required
        maxLength={DISCOUNT_REASON_MAX}
        className="min-h-9 w-full rounded-lg border border-line bg-panel px-2 text-sm text-ink"
      />
    </label>
  );
}

export default function AdminIntegrity({ loaderData }: Route.ComponentProps) {
  const { scan, findings, discounts, now } = loaderData;
  return (
    <div className="grid gap-10">
      <section aria-labelledby="findings-title" className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="findings-title" className="display text-2xl">
              Vote integrity <span className="text-muted">({findings.length})</span>
            </h2>
            <p className="text-sm text-muted">
              {scan
                ? `Last scan ${relativeTime(scan.scannedAt, now)} (took ${scan.durationMs < 1000 ? `${scan.durationMs} ms` : `${(scan.durationMs / 1000).toFixed(1)} s`}). Scans run every hour.`
                : 'Not scanned yet. Scans run every hour.'}
            </p>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="scan" />
            <button type="submit" className={buttonClass('ghost', 'sm')}>
              Scan now
            </button>
          </Form>
        </div>
        <details className="panel p-4 text-sm">
          <summary className="cursor-pointer font-bold">What is flagged</summary>
          <ul className="mt-2 grid list-disc gap-1 pl-5 text-muted">
            <li>
              {FINDING_TITLES.focus}: {FOCUS.minAccounts}+ accounts that gave {FOCUS.minRatings}+ ratings in their first{' '}
              {FOCUS.newAccountMs / DAY_MS} days, {Math.round(FOCUS.share * 100)}%+ of them to one member’s builds.
            </li>
            <li>
              {FINDING_TITLES.burst}: {BURST.minAccounts}+ ratings of the same 1 or 5 stars on one build within {BURST.windowMs / 3_600_000}{' '}
              hours, from accounts created within {BURST.createdTogetherMs / 60_000} minutes of each other or from one network.
            </li>
            <li>
              {FINDING_TITLES.ring}: {RING.minMembers}+ members who each rate {RING.minPartners}+ of the others’ builds {RING.minStars}+
              stars and are rated back, giving {Math.round(RING.insideShare * 100)}%+ of their high ratings inside the group.
            </li>
          </ul>
          <p className="mt-2 text-muted">A finding is a lead, not a verdict: nothing changes until someone discounts an account.</p>
        </details>
        {findings.length === 0 ? (
          <p className="panel p-6 text-center text-muted">No suspicious rating patterns found.</p>
        ) : (
          <ul className="grid gap-6">
            {findings.map((finding) => (
              <li key={finding.key} id={finding.key} className="panel grid gap-4 p-4">
                <div className="grid gap-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <Badge tone={finding.kind === 'ring' ? 'pink' : finding.kind === 'burst' ? 'flame' : 'cyan'}>
                      {FINDING_TITLES[finding.kind]}
                    </Badge>
                    <strong>{finding.summary}</strong>
                  </p>
                  <ul className="list-disc pl-5 text-sm text-muted">
                    {finding.evidence.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </div>
                <Form method="post" preventScrollReset className="grid gap-3">
                  <input type="hidden" name="intent" value="discount" />
                  <fieldset className="grid gap-2">
                    <legend className="mb-1 text-sm font-bold">Accounts</legend>
                    <ul className="grid gap-1 sm:grid-cols-2">
                      {finding.accounts.map((account) => (
                        <li key={account.id} className="flex flex-wrap items-center gap-2 text-sm">
                          {account.discounted ? (
                            <Badge tone="muted">Discounted</Badge>
                          ) : !account.mayActOn ? (
                            <Badge tone="muted">Not yours to discount</Badge>
                          ) : (
                            <input
                              type="checkbox"
                              name="userId"
                              value={account.id}
                              defaultChecked
                              aria-label={`Discount @${account.username}`}
                              className="size-4"
                            />
                          )}
                          <StaffMemberLink id={account.id} username={account.username} className="font-bold" />
                          <span className="text-muted">
                            joined {shortDate(account.createdAt)}
                            {account.note ? ` · ${account.note}` : ''}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </fieldset>
                  {finding.accounts.some((account) => !account.discounted && account.mayActOn) ? (
                    <div className="flex flex-wrap items-end gap-2">
                      <ReasonField id={`reason-${finding.key}`} />
                      <button type="submit" className={buttonClass('hot', 'sm')}>
                        Discount selected
                      </button>
                    </div>
                  ) : null}
                </Form>
                <ScoreEffects caption={`Scores with and without these accounts’ ratings`} effects={finding.effects} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="discounted-title" className="grid gap-4">
        <h2 id="discounted-title" className="display text-2xl">
          Discounted members <span className="text-muted">({discounts.length})</span>
        </h2>
        {discounts.length === 0 ? (
          <p className="panel p-6 text-center text-muted">Every member’s ratings count.</p>
        ) : (
          <ul className="grid gap-6">
            {discounts.map((discount) => (
              <li key={discount.userId} id={`discounted-${discount.userId}`} className="panel grid gap-3 p-4">
                <p>
                  <StaffMemberLink id={discount.userId} username={discount.username} className="font-bold" />{' '}
                  <span className="text-sm text-muted">
                    {counted(discount.ratings, 'rating', 'ratings')} left out since {shortDate(discount.createdAt)}, by {discount.byName}: “
                    {discount.reason}”
                  </span>
                </p>
                <ScoreEffects caption={`Scores with and without @${discount.username}’s ratings`} effects={discount.effects} />
                {discount.mayActOn ? (
                  <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="userId" value={discount.userId} />
                    <ReasonField id={`restore-${discount.userId}`} />
                    <button type="submit" className={buttonClass('ghost', 'sm')}>
                      Restore ratings
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-muted">
          {STAFF_RULE_REFUSAL} Every discount and restore is in the{' '}
          <Link to="/admin/audit" className="underline hover:text-neon-cyan">
            audit log
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
