import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import type { Route } from './+types/admin.moderation';
import { ResponsiveImage } from '~/components/responsive-image';
import type { ImageSources } from '~/images/variants';
import { buttonClass } from '~/components/ui/button';
import { imageSources } from '~/images/records.server';
import {
  decideHeldBuild,
  listFailedRoasts,
  listHeldBuilds,
  listOpenReports,
  type ModerationResult,
  resolveReport,
  retryRoast,
} from '~/models/moderation.server';
import { decideHeldPhoto, listHeldPhotos } from '~/models/photo-moderation.server';
import { isReportReason, REPORT_REASONS } from '~/models/reports.server';
import { moderationQueue } from '~/models/admin-overview.server';
import { decideAppeal, listOpenAppeals } from '~/models/appeals.server';
import { staffTargets } from '~/models/staff-targets.server';
import { REASON_MAX_LENGTH, STAFF_RULE_REFUSAL, staffRefusal } from '~/domain/member-moderation';
import { requireStaff } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';
import { relativeTime, shortDateTime } from '~/utils/dates';
import { appealReplySchema } from '~/utils/schemas';
import { MemberLink } from '~/components/member-link';
import { StaffMemberLink } from '~/components/admin/staff-member-link';
import { commentHref } from '~/utils/places';
import { buildPath } from '~/utils/build-path';
import { photoAlt } from '~/domain/photo-alt';
import { counted } from '~/utils/count';

/** The queue: held builds and extra photos, open reports, members' appeals and failed roasts, for moderators and admins. */
export function loader(args: Route.LoaderArgs) {
  const staff = requireStaff(args);
  const held = listHeldBuilds();
  const heldPhotos = listHeldPhotos();
  const images = imageSources([...held, ...heldPhotos].map((item) => item.imageId));
  const appeals = listOpenAppeals();
  const targets = staffTargets(appeals.map((appeal) => appeal.userId));
  return {
    queue: moderationQueue(),
    appeals: appeals.map((appeal) => {
      const target = targets.get(appeal.userId);
      return {
        ...appeal,
        subjectEnds: appeal.subjectEnds.getTime(),
        createdAt: appeal.createdAt.getTime(),
        refusal: target === undefined ? STAFF_RULE_REFUSAL : staffRefusal(staff, target),
      };
    }),
    held: held.map((build) => ({ ...build, createdAt: build.createdAt.getTime(), image: images.get(build.imageId) ?? null })),
    heldPhotos: heldPhotos.map((photo) => ({ ...photo, createdAt: photo.createdAt.getTime(), image: images.get(photo.imageId) ?? null })),
    reports: listOpenReports().map((report) => ({ ...report, createdAt: report.createdAt.getTime() })),
    failed: listFailedRoasts().map((roast) => ({ ...roast, failedAt: roast.failedAt.getTime() })),
    reasons: REPORT_REASONS,
    now: Date.now(),
  };
}

const BACK = '/admin/moderation';

/** One decision per post; the models check the actor's role again. */
export async function action(args: Route.ActionArgs) {
  const staff = requireStaff(args);
  const form = await args.request.formData();
  const id = Number(form.get('id'));
  const reason = form.get('reason');
  const done = (result: ModerationResult, success: string, failure: string) =>
    redirectWithToast(
      BACK,
      result.ok
        ? { title: success, description: result.label }
        : { kind: 'error', title: 'Error', description: `${failure}: it was already dealt with.` },
      { status: 303 },
    );
  const noReason = () =>
    redirectWithToast(BACK, { kind: 'error', title: 'Error', description: 'Choose the reason the owner will read.' }, { status: 303 });
  switch (form.get('intent')) {
    case 'approve':
      return done(await decideHeldBuild(staff, id, { approve: true }), 'Build approved', 'Failed to approve build');
    case 'reject':
      if (!isReportReason(reason)) return noReason();
      return done(await decideHeldBuild(staff, id, { approve: false, reason }), 'Build rejected', 'Failed to reject build');
    case 'approve-photo':
      return done(await decideHeldPhoto(staff, id, { approve: true }), 'Photo shown', 'Failed to show photo');
    case 'reject-photo':
      if (!isReportReason(reason)) return noReason();
      return done(await decideHeldPhoto(staff, id, { approve: false, reason }), 'Photo removed', 'Failed to remove photo');
    case 'dismiss-report':
      return done(await resolveReport(staff, id, 'dismiss'), 'Report dismissed', 'Failed to dismiss report');
    case 'remove-reported':
      return done(await resolveReport(staff, id, 'remove'), 'Reported item removed', 'Failed to remove item');
    case 'retry-roast':
      return done(retryRoast(staff, id), 'Roast queued again', 'Failed to retry roast');
    case 'uphold-appeal':
    case 'lift-appeal': {
      const reply = appealReplySchema.safeParse({ reply: form.get('reply') ?? '' });
      if (!reply.success) {
        const description = `${reply.error.issues[0]?.message ?? 'Reply is required'}: it is what the member reads.`;
        return redirectWithToast(BACK, { kind: 'error', title: 'Not decided', description }, { status: 303 });
      }
      const lift = form.get('intent') === 'lift-appeal';
      const result = decideAppeal(staff, id, { lift, reply: reply.data.reply });
      if (result.ok) {
        return redirectWithToast(
          BACK,
          { title: lift ? 'Lifted on appeal' : 'Appeal upheld', description: `@${result.username}` },
          { status: 303 },
        );
      }
      const description = result.reason === 'forbidden' ? STAFF_RULE_REFUSAL : 'Not decided: it was already dealt with.';
      return redirectWithToast(BACK, { kind: 'error', title: 'Error', description }, { status: 303 });
    }
    default:
      return redirectWithToast(BACK, { kind: 'error', title: 'Error', description: 'Unknown action.' }, { status: 303 });
  }
}

function DecisionButton({
  intent,
  id,
  label,
  tone = 'ghost',
}: {
  intent: string;
  id: number;
  label: string;
  tone?: 'ghost' | 'hot' | 'primary';
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={buttonClass(tone, 'sm')}>
        {label}
      </button>
    </Form>
  );
}

/** Rejects a held item with the reason its owner will read. */
function RejectForm({ intent, id, reasons, label }: { intent: string; id: number; reasons: Record<string, string>; label: string }) {
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <label className="grid gap-1 text-xs text-muted">
        Reason shown to the owner
        <select name="reason" required defaultValue="" className="min-h-9 rounded-lg border border-line bg-panel px-2 text-sm text-ink">
          <option value="" disabled>
            Choose…
          </option>
          {Object.entries(reasons).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass('hot', 'sm')}>
        {label}
      </button>
    </Form>
  );
}

export default function Moderation({ loaderData }: Route.ComponentProps) {
  const { queue, held, heldPhotos, reports, appeals, failed, reasons, now } = loaderData;
  return (
    <div className="grid gap-10">
      <p className="text-muted">
        {queue.total === 0 ? 'Nothing is waiting for a moderator.' : `${counted(queue.total, 'item waits', 'items wait')} for a moderator.`}
      </p>
      <QueueSection id="held" title="Held builds" count={queue.heldBuilds} empty="No builds are waiting for review.">
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {held.map((build) => (
            <HeldCard
              key={build.id}
              image={build.image}
              alt={photoAlt(build.photoAlt, build.title)}
              title={
                <Link to={buildPath(build.id)} className="font-bold hover:text-neon-cyan">
                  {build.title}
                </Link>
              }
              username={build.username}
              heldSince={relativeTime(build.createdAt, now)}
              reason={build.reviewReason}
            >
              <DecisionButton intent="approve" id={build.id} label="Approve" tone="primary" />
              <RejectForm intent="reject" id={build.id} reasons={reasons} label="Reject" />
            </HeldCard>
          ))}
        </ul>
      </QueueSection>

      <QueueSection id="held-photos" title="Held photos" count={queue.heldPhotos} empty="No extra photos are waiting for review.">
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {heldPhotos.map((photo) => (
            <HeldCard
              key={photo.id}
              testId="held-photo"
              image={photo.image}
              alt={photoAlt(photo.alt, photo.buildTitle, photo.position)}
              title={
                <>
                  Photo {photo.position} of{' '}
                  <Link to={buildPath(photo.buildId)} className="font-bold hover:text-neon-cyan">
                    {photo.buildTitle}
                  </Link>
                </>
              }
              username={photo.username}
              heldSince={relativeTime(photo.createdAt, now)}
              reason={photo.reviewReason}
              screening={
                photo.scores
                  ? `Screening: NSFW score ${photo.scores.nsfw.toFixed(2)} · ${counted(photo.scores.faces, 'face', 'faces')}`
                  : null
              }
            >
              <DecisionButton intent="approve-photo" id={photo.id} label="Show photo" tone="primary" />
              <RejectForm intent="reject-photo" id={photo.id} reasons={reasons} label="Remove photo" />
            </HeldCard>
          ))}
        </ul>
      </QueueSection>

      <QueueSection id="reports" title="Reports" count={queue.openReports} empty="No open reports.">
        <ul className="mt-4 grid gap-4">
          {reports.map((report) => (
            <li key={report.id} className="panel grid gap-2 p-4">
              <p className="text-sm text-muted">
                <span className="font-bold text-flame">{reasons[report.reason]}</span> · reported by{' '}
                <MemberLink username={report.reporter} />, {relativeTime(report.createdAt, now)}
              </p>
              {report.commentId !== null ? (
                <p>
                  Comment on{' '}
                  <Link to={commentHref(report.buildId, report.commentId)} className="font-bold hover:text-neon-cyan">
                    {report.buildTitle}
                  </Link>
                  : <q className="whitespace-pre-line">{report.commentText}</q>
                </p>
              ) : (
                <p>
                  Build{' '}
                  <Link to={buildPath(report.buildId)} className="font-bold hover:text-neon-cyan">
                    {report.buildTitle}
                  </Link>
                </p>
              )}
              {report.details ? <p className="text-sm text-muted">“{report.details}”</p> : null}
              <div className="flex flex-wrap gap-2">
                <DecisionButton intent="dismiss-report" id={report.id} label="Dismiss" />
                <DecisionButton
                  intent="remove-reported"
                  id={report.id}
                  label={report.commentId !== null ? 'Delete comment' : 'Take down build'}
                  tone="hot"
                />
              </div>
            </li>
          ))}
        </ul>
      </QueueSection>

      <QueueSection id="appeals" title="Appeals" count={queue.openAppeals} empty="No member is asking to look again.">
        <ul className="mt-4 grid gap-4">
          {appeals.map((appeal) => (
            <li key={appeal.id} className="panel grid gap-3 p-4" data-testid="appeal">
              <p className="text-sm text-muted">
                <StaffMemberLink id={appeal.userId} username={appeal.username} /> asks to look again at their{' '}
                {appeal.about === 'suspension' ? 'suspension' : 'strike'}, {relativeTime(appeal.createdAt, now)}
              </p>
              <p>
                <span className="font-bold text-flame">{appeal.about === 'suspension' ? 'Suspension' : 'Strike'}:</span>{' '}
                {appeal.subjectReason}{' '}
                <span className="text-sm text-muted">
                  ({appeal.about === 'suspension' ? (appeal.inForce ? 'until' : 'ended') : appeal.inForce ? 'counts until' : 'expired'}{' '}
                  {shortDateTime(appeal.subjectEnds)})
                </span>
              </p>
              <blockquote className="border-l-2 border-line pl-3 whitespace-pre-line">{appeal.message}</blockquote>
              {appeal.refusal === null ? (
                <Form method="post" preventScrollReset className="grid gap-2">
                  <input type="hidden" name="id" value={appeal.id} />
                  <label className="grid gap-1 text-xs text-muted">
                    Reply to the member (they read it)
                    <textarea
                      dir="auto"
                      name="reply"
                      required
                      rows={2}
                      maxLength={REASON_MAX_LENGTH}
                      className="rounded-lg border border-line bg-panel px-2 py-1.5 text-sm text-ink"
                    />
                  </label>
                  <div className="flex flex-wrap gap-2">
                    <button type="submit" name="intent" value="uphold-appeal" className={buttonClass('ghost', 'sm')}>
                      Keep the {appeal.about}
                    </button>
                    <button type="submit" name="intent" value="lift-appeal" className={buttonClass('hot', 'sm')}>
                      {appeal.about === 'suspension' ? 'Lift the suspension' : 'Withdraw the strike'}
                    </button>
                  </div>
                </Form>
              ) : (
                <p className="text-sm text-muted">{appeal.refusal}</p>
              )}
            </li>
          ))}
        </ul>
      </QueueSection>

      <QueueSection id="failed" title="Failed roasts" count={failed.length} empty="Every roast landed.">
        <ul className="mt-4 grid gap-3">
          {failed.map((roast) => (
            <li key={roast.buildId} className="panel flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <Link to={buildPath(roast.buildId)} className="font-bold hover:text-neon-cyan">
                  {roast.title}
                </Link>{' '}
                <span className="text-sm text-muted">
                  by <MemberLink username={roast.username} />, failed {relativeTime(roast.failedAt, now)}
                </span>
                {roast.lastError ? <p className="mt-1 font-mono text-xs text-muted">{roast.lastError}</p> : null}
              </div>
              <DecisionButton intent="retry-roast" id={roast.buildId} label="Retry" tone="primary" />
            </li>
          ))}
        </ul>
      </QueueSection>
    </div>
  );
}

/** A held build or photo: the picture, what it is and whose, why it was held, and the moderator's choices. */
function HeldCard({
  testId,
  image,
  alt,
  title,
  username,
  heldSince,
  reason,
  screening = null,
  children,
}: {
  testId?: string;
  image: ImageSources | null;
  alt: string;
  title: ReactNode;
  username: string;
  heldSince: string;
  reason: string | null;
  screening?: string | null;
  children: ReactNode;
}) {
  return (
    <li className="panel grid gap-3 p-4 grid-cols-1 sm:grid-cols-[8rem_minmax(0,1fr)]" data-testid={testId}>
      <div className="aspect-[4/3] overflow-hidden rounded bg-void">
        {image ? <ResponsiveImage image={image} alt={alt} sizes="8rem" className="h-full w-full object-cover" /> : null}
      </div>
      <div className="grid gap-2">
        <p>
          {title}{' '}
          <span className="text-sm text-muted">
            by <MemberLink username={username} />, {heldSince}
          </span>
        </p>
        {reason ? <p className="text-sm text-muted">{reason}</p> : null}
        {screening ? <p className="text-xs text-muted">{screening}</p> : null}
        <div className="flex flex-wrap items-end gap-2">{children}</div>
      </div>
    </li>
  );
}

/** One part of the queue: its heading with how many wait, and what to say when none does. */
function QueueSection({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string;
  title: string;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="display text-2xl">
        {title} <span className="text-muted">({count})</span>
      </h2>
      {count === 0 ? <p className="panel mt-4 p-6 text-center text-muted">{empty}</p> : children}
    </section>
  );
}
