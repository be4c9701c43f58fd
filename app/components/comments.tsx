import { getFormProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { AuthRequiredDialog } from '~/components/auth-required-dialog';
import { Avatar } from '~/components/avatar';
import { LevelBadge } from '~/components/progression/level-badge';
import { SharedRegion } from '~/components/shared-region';
import { LogoMark } from '~/components/logo';
import { buttonClass } from '~/components/ui/button';
import { FieldErrors, inputClass } from '~/components/ui/field';
import { useZodForm } from '~/components/ui/use-zod-form';
import { SuspendedNotice } from '~/components/suspended-notice';
import { AI_NAME, COMMENT_MAX_LENGTH, DELETED_COMMENT } from '~/utils/constants';
import { relativeTime } from '~/utils/dates';
import type { SuspensionNotice } from '~/domain/member-moderation';
import { type CommentSort, type CommentView, foldReplies } from '~/domain/comments';
import { linkifyText } from '~/domain/markdown-lite';
import { buildPageHref, type BuildPageQuery } from '~/utils/page-query';
import { atPlace, commentPlace, PLACES, replyPlace } from '~/utils/places';
import { useTypedValue } from './use-typed-value';
import { MemberLink } from '~/components/member-link';
import { counted } from '~/utils/count';

/** A comment as the page receives it: the model's view, its time as milliseconds. */
export type CommentData = Omit<CommentView, 'createdAt'> & { createdAt: number };
export type ThreadData = CommentData & { replies: CommentData[] };

type Props = {
  buildId: number;
  threads: ThreadData[];
  threadCount: number;
  /** How the page shows them: every thread (and every reply) or the first, and their order; and whether it updates itself, which its links keep. */
  view: Pick<BuildPageQuery, 'comments' | 'sort' | 'updates'>;
  commentCount: number;
  /** The comment a reply form is open under (`?replyTo=`), if any. */
  replyTo: number | null;
  /** The threads RoastBot is still to answer in. */
  awaitingReply: number[];
  /** Said under "RoastBot is writing a reply…" in the viewer's own thread: whether the page updates itself (its reload lands there). */
  threadNote?: { threadId: number; note: ReactNode } | null;
  viewerId: number | null;
  /** Moderators and admins may delete anyone's comment. */
  canModerate: boolean;
  /** "Your account is suspended until …": said instead of the comment box, and the comments offer no actions. */
  suspension: SuspensionNotice | null;
  reportReasons: Record<string, string>;
  lastResult: SubmissionResult<string[]> | null;
  now: number;
};

const SORT_LABELS: Record<CommentSort, string> = { top: 'Top', new: 'New' };

/**
 * The build page's comment box, Top and New, the threads with one level of replies
 * (a long one folded), and "View all N comments" (docs/product.md §2).
 */
export function Comments({
  buildId,
  threads,
  threadCount,
  view,
  commentCount,
  replyTo,
  awaitingReply,
  threadNote = null,
  viewerId,
  canModerate,
  suspension,
  reportReasons,
  lastResult,
  now,
}: Props) {
  // The comment form whose Post a guest pressed: the sign-in dialog sends it on, to be kept through sign-in.
  const [askSignIn, setAskSignIn] = useState<string | null>(null);
  const guard = viewerId === null ? setAskSignIn : null;
  const shared = { buildId, viewerId, canModerate, readOnly: suspension !== null, reportReasons, now, view };
  const fold = view.comments !== 'all';
  return (
    <section aria-labelledby={PLACES.comments} className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={PLACES.comments} className="display text-2xl">
          Comments <span className="text-muted">({commentCount})</span>
        </h2>
        {threads.length > 1 ? (
          <nav aria-label="Sort comments" className="flex gap-1 rounded-full border border-line p-1 text-sm font-bold">
            {(['top', 'new'] as const).map((sort) => (
              <Link
                key={sort}
                to={atPlace(buildPageHref(buildId, { comments: view.comments, sort, updates: view.updates }), PLACES.comments)}
                preventScrollReset
                aria-current={view.sort === sort ? 'page' : undefined}
                className="rounded-full px-3 py-1 text-muted hover:text-ink aria-[current=page]:bg-neon-cyan aria-[current=page]:text-void"
              >
                {SORT_LABELS[sort]}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>
      {suspension ? (
        <SuspendedNotice notice={suspension} />
      ) : (
        <SharedRegion name="comment-new" deps={[buildId, viewerId === null, replyTo === null ? lastResult : null]} className="contents">
          <CommentForm id={PLACES.newComment} lastResult={replyTo === null ? lastResult : null} guard={guard} />
        </SharedRegion>
      )}
      {threads.length === 0 ? (
        <p className="panel p-6 text-center text-muted">No comments yet. Be the first to comment!</p>
      ) : (
        <ol className="grid gap-4">
          {threads.map((thread) => {
            const { before, folded, after } = fold ? foldReplies(thread.replies) : { before: thread.replies, folded: [], after: [] };
            const reply = (comment: CommentData) => (
              <li key={comment.id}>
                <Comment comment={comment} {...shared} replyTarget={thread.id} />
              </li>
            );
            return (
              <li key={thread.id} className="grid gap-3">
                <Comment comment={thread} {...shared} />
                {thread.replies.length > 0 || replyTo === thread.id || awaitingReply.includes(thread.id) ? (
                  <ol className="ml-5 grid gap-3 border-l-2 border-line pl-4 sm:ml-8">
                    {before.map(reply)}
                    {folded.length > 0 ? (
                      <li>
                        {/* A disclosure: it opens without JavaScript, and a link to a reply inside opens it. */}
                        <details className="group">
                          <summary className="cursor-pointer text-sm font-semibold text-neon-cyan hover:text-ink">
                            <span className="group-open:hidden">Show {counted(folded.length, 'more reply', 'more replies')}</span>
                            <span className="hidden group-open:inline">Hide {counted(folded.length, 'reply', 'replies')}</span>
                          </summary>
                          <ol className="mt-3 grid gap-3">{folded.map(reply)}</ol>
                        </details>
                      </li>
                    ) : null}
                    {after.map(reply)}
                    {awaitingReply.includes(thread.id) ? (
                      <li className="grid gap-1">
                        <p role="status" className="flex items-center gap-3 text-sm font-semibold text-neon-pink">
                          <LogoMark className="size-7 animate-pulse" />
                          {AI_NAME} is writing a reply…
                        </p>
                        {threadNote?.threadId === thread.id ? threadNote.note : null}
                      </li>
                    ) : null}
                    {replyTo === thread.id && !suspension ? (
                      <li>
                        <CommentForm id={replyPlace(thread.id)} parentCommentId={thread.id} lastResult={lastResult} guard={guard} />
                      </li>
                    ) : null}
                  </ol>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {threadCount > threads.length ? (
        <Link
          to={atPlace(buildPageHref(buildId, { comments: 'all', sort: view.sort, updates: view.updates }), PLACES.comments)}
          preventScrollReset
          className={buttonClass('ghost', 'md', 'justify-self-center')}
        >
          View all {commentCount} comments
        </Link>
      ) : null}
      {askSignIn ? (
        <AuthRequiredDialog redirectTo={buildPageHref(buildId, view)} keeping={askSignIn} onClose={() => setAskSignIn(null)} />
      ) : null}
    </section>
  );
}

type CommentProps = {
  comment: CommentData;
  buildId: number;
  viewerId: number | null;
  canModerate: boolean;
  /** A suspended member's view: no reply, delete or report. */
  readOnly: boolean;
  reportReasons: Record<string, string>;
  now: number;
  /** The page's view of its comments, kept by the Reply link. */
  view: Pick<BuildPageQuery, 'comments' | 'sort' | 'updates'>;
  /** Replies answer in their thread: the top-level comment's id. */
  replyTarget?: number;
};

/** A comment, drawn once per data version for each kind of viewer (own, other member, guest, moderator). */
function Comment({ comment, buildId, viewerId, canModerate, readOnly, reportReasons, now, view, replyTarget }: CommentProps) {
  const own = viewerId !== null && comment.userId === viewerId;
  const signedIn = viewerId !== null;
  return (
    <SharedRegion
      name={commentPlace(comment.id)}
      deps={[
        comment,
        now,
        buildId,
        replyTarget ?? null,
        own,
        signedIn,
        canModerate,
        readOnly,
        reportReasons,
        view.comments,
        view.sort,
        view.updates,
      ]}
      className="contents"
    >
      {comment.deleted ? (
        <DeletedComment comment={comment} canModerate={canModerate} now={now} />
      ) : (
        <CommentBody
          comment={comment}
          buildId={buildId}
          own={own}
          signedIn={signedIn}
          canModerate={canModerate}
          readOnly={readOnly}
          reportReasons={reportReasons}
          now={now}
          view={view}
          replyTarget={replyTarget}
        />
      )}
    </SharedRegion>
  );
}

type CommentBodyProps = Omit<CommentProps, 'viewerId'> & { own: boolean; signedIn: boolean };

function CommentBody({ comment, buildId, own, signedIn, canModerate, readOnly, reportReasons, now, view, replyTarget }: CommentBodyProps) {
  const thread = replyTarget ?? comment.id;
  return (
    <article
      id={commentPlace(comment.id)}
      className={`linkable ${comment.isAI ? 'rounded-2xl border border-neon-pink/60 bg-neon-pink/10 p-4' : 'panel p-4'}`}
      aria-label={comment.isAI ? `AI reply by ${AI_NAME}` : `Comment by ${comment.username}`}
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {comment.isAI ? <LogoMark className="size-7" /> : <Avatar username={comment.username} avatarUrl={comment.avatarUrl} />}
        {/* RoastBot is the site's AI, not a member: its name has no page. */}
        {comment.isAI ? <span className="font-bold text-neon-pink">{AI_NAME}</span> : <MemberLink username={comment.username} />}
        {comment.level !== null ? <LevelBadge level={comment.level} /> : null}
        {comment.isAI ? (
          <span className="rounded-full bg-neon-pink/20 px-2 py-0.5 text-xs font-bold uppercase text-neon-pink">AI</span>
        ) : null}
        <time className="text-muted" dateTime={new Date(comment.createdAt).toISOString()}>
          {relativeTime(comment.createdAt, now)}
        </time>
      </header>
      <p dir="auto" className="mt-2 whitespace-pre-line text-ink">
        {linkifyText(comment.content).map((piece, at) =>
          piece.kind === 'link' ? (
            // Same tab, as the description's links: nofollow ugc, the member's link is not the site's word for it.
            <a key={at} href={piece.href} rel="nofollow ugc noopener" className="text-neon-cyan underline underline-offset-2">
              {piece.text}
            </a>
          ) : (
            piece.text
          ),
        )}
      </p>
      {readOnly ? null : (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <Link
            to={atPlace(buildPageHref(buildId, { ...view, replyTo: thread }), replyPlace(thread))}
            preventScrollReset
            className="font-semibold text-muted hover:text-ink"
          >
            Reply
          </Link>
          {own || canModerate ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="delete-comment" />
              <input type="hidden" name="commentId" value={comment.id} />
              <button
                type="submit"
                className="font-semibold text-muted hover:text-danger"
                aria-label={own ? 'Delete' : `Delete comment by ${comment.isAI ? AI_NAME : `@${comment.username}`}`}
              >
                Delete
              </button>
            </Form>
          ) : null}
          {signedIn && !own && !comment.isAI ? <ReportForm reasons={reportReasons} target={{ commentId: comment.id }} /> : null}
        </div>
      )}
    </article>
  );
}

/** A comment its author deleted, kept so the replies under it still read as a thread. */
function DeletedComment({ comment, canModerate, now }: Pick<CommentProps, 'comment' | 'canModerate' | 'now'>) {
  return (
    <article
      id={commentPlace(comment.id)}
      className="linkable rounded-2xl border border-dashed border-line p-4"
      aria-label="Deleted comment"
    >
      <p className="text-sm italic text-muted">
        {DELETED_COMMENT} <time dateTime={new Date(comment.createdAt).toISOString()}>{relativeTime(comment.createdAt, now)}</time>
      </p>
      {canModerate ? (
        <Form method="post" preventScrollReset className="mt-3 text-sm">
          <input type="hidden" name="intent" value="delete-comment" />
          <input type="hidden" name="commentId" value={comment.id} />
          <button type="submit" className="font-semibold text-muted hover:text-danger">
            Delete thread
          </button>
        </Form>
      ) : null}
    </article>
  );
}

/**
 * Report a build or a comment: a disclosure with a form, so it works without
 * JavaScript. Once sent it closes (the toast says it was sent), as it is closed on
 * the page a browser without JavaScript loads afresh.
 */
export function ReportForm({ reasons, target }: { reasons: Record<string, string>; target: { commentId: number } | { buildId: number } }) {
  const label = 'commentId' in target ? 'Report comment' : 'Report build';
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const navigation = useNavigation();
  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === 'report' &&
    navigation.formData.get('commentId') === ('commentId' in target ? String(target.commentId) : null);
  const sent = useRef(false);
  useEffect(() => {
    if (busy) sent.current = true;
    else if (sent.current) {
      sent.current = false;
      if (detailsRef.current) detailsRef.current.open = false;
    }
  }, [busy]);
  return (
    <details ref={detailsRef} className="group">
      <summary className="cursor-pointer font-semibold text-muted hover:text-ink">{label}</summary>
      <Form method="post" preventScrollReset className="mt-3 grid gap-2 rounded-xl border border-line p-3">
        <input type="hidden" name="intent" value="report" />
        {'commentId' in target ? <input type="hidden" name="commentId" value={target.commentId} /> : null}
        <fieldset className="grid gap-1">
          <legend className="mb-1 font-semibold">Why are you reporting this?</legend>
          {Object.entries(reasons).map(([value, text], index) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="reason" value={value} defaultChecked={index === 0} />
              {text}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={buttonClass('ghost', 'sm', 'justify-self-start')} disabled={busy}>
          {busy ? 'Sending...' : 'Send report'}
        </button>
      </Form>
    </details>
  );
}

type FormProps = {
  id: string;
  parentCommentId?: number;
  lastResult: SubmissionResult<string[]> | null;
  /** Set for guests: Post opens the sign-in dialog (for this form) instead of posting; the dialog's Login and Register post it. */
  guard: ((formId: string) => void) | null;
};

function CommentForm({ id, parentCommentId, lastResult, guard }: FormProps) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm('commentSchema', { id, lastResult, shouldValidate: 'onSubmit' });
  const content = useTypedValue(fields.content.id, '');
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'comment' && navigation.formData.get('form') === id;
  // A posted comment leaves the box empty, as the page a browser without JavaScript loads afresh does;
  // a refused one stays to be fixed.
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const refused = lastResult?.status === 'error';
  useEffect(() => {
    if (busy) sent.current = true;
    else if (sent.current) {
      sent.current = false;
      if (!refused) formRef.current?.reset();
    }
  }, [busy, refused]);
  return (
    <Form
      ref={formRef}
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      onSubmit={(event) => {
        if (!guard) form.onSubmit(event);
        // Sent by the dialog's Login or Register: on to the server, which keeps the words (or, with none, only sends the guest to sign in).
        else if (event.nativeEvent.submitter?.getAttribute('name') !== 'signIn') {
          event.preventDefault();
          guard(id);
        }
      }}
      // A reply box is landed on (Reply is a link to it): it keeps a third of the window above it,
      // so the comment it answers shows there, not under the sticky header.
      className={parentCommentId ? 'grid scroll-mt-[33vh] gap-2' : 'grid gap-2'}
    >
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="form" value={id} />
      {parentCommentId ? <input type="hidden" name="parentCommentId" value={parentCommentId} /> : null}
      <label htmlFor={fields.content.id} className="sr-only">
        {parentCommentId ? 'Your reply' : 'Your comment'}
      </label>
      <textarea
        dir="auto"
        {...getTextareaProps(fields.content)}
        key={fields.content.key}
        rows={parentCommentId ? 2 : 3}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={parentCommentId ? 'Write a reply...' : 'Add a comment...'}
        className={`${inputClass} resize-y`}
      />
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs text-muted" aria-live="polite">
          {content.length > 0
            ? `${content.length}/${COMMENT_MAX_LENGTH}`
            : `Up to ${COMMENT_MAX_LENGTH} characters. Mention @${AI_NAME} for an AI reply.`}
        </p>
        <button type="submit" className={buttonClass('hot', 'sm', 'shrink-0 whitespace-nowrap')} disabled={busy}>
          {busy ? 'Posting...' : parentCommentId ? 'Post Reply' : 'Post Comment'}
        </button>
      </div>
      <FieldErrors id={fields.content.errorId} errors={fields.content.errors} />
      <FieldErrors id={form.errorId} errors={form.errors} />
    </Form>
  );
}
