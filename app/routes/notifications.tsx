import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/notifications';
import { CheckIcon } from '~/components/icons';
import { EmptyState } from '~/components/section-heading';
import { buttonClass } from '~/components/ui/button';
import { Pager } from '~/components/ui/pager';
import { listNotificationLines, markAllNotificationsRead, markNotificationRead, openNotification } from '~/models/notifications.server';
import { lineNames, notificationLineText } from '~/domain/notifications';
import { requireUser } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';
import { relativeTime } from '~/utils/dates';
import { pageMeta } from '~/utils/meta';
import { pageNumber, positiveInt, withQuery } from '~/utils/query';

export const meta = () => pageMeta('Notifications', 'What happened to your builds and comments on RigRoast.');

/** The signed-in member's notifications, a line per group (three comments on one build are one), newest first, a page at a time (`?page=`). */
export function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const list = listNotificationLines(user.id, pageNumber(args.url.searchParams.get('page')));
  return {
    ...list,
    items: list.items.map((item) => ({
      ...item,
      createdAt: item.createdAt.getTime(),
      text: notificationLineText(item),
      names: lineNames(item),
    })),
    now: Date.now(),
  };
}

/**
 * Opens a line (`intent=open`, `id` its newest notification): it is read, and the
 * member goes where it happened; a GET never writes, so opening is this post. Marks a
 * line read (`intent=read`) or all of them (`intent=read-all`), then back to the page
 * the form was on.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const formData = await args.request.formData();
  const back = withQuery('/notifications', { page: pageNumber(String(formData.get('page') ?? '')) });
  const id = positiveInt(String(formData.get('id') ?? ''));
  const notMine = () =>
    redirectWithToast(
      back,
      { kind: 'error', title: 'Not marked', description: 'That notification is not yours, or it is gone.' },
      { status: 303 },
    );
  switch (formData.get('intent')) {
    case 'open': {
      const href = id === null ? null : openNotification(user.id, id);
      return href === null ? notMine() : redirect(href, 303);
    }
    case 'read': {
      if (id !== null && markNotificationRead(user.id, id)) return redirectWithToast(back, { title: 'Marked as read' }, { status: 303 });
      return notMine();
    }
    case 'read-all': {
      markAllNotificationsRead(user.id);
      return redirectWithToast(back, { title: 'All notifications marked as read' }, { status: 303 });
    }
    default:
      throw data(null, { status: 400 });
  }
}

type Item = Route.ComponentProps['loaderData']['items'][number];

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { items, unread, page, pageCount, now } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="display text-3xl sm:text-5xl">Notifications</h1>
          <p className="mt-3 text-muted">{unread === 0 ? 'You are all caught up.' : `${unread} unread`}</p>
        </div>
        {unread > 0 ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="page" value={page} />
            <button type="submit" name="intent" value="read-all" className={buttonClass('ghost', 'sm')}>
              Mark all as read
            </button>
          </Form>
        ) : null}
      </div>
      {items.length === 0 ? (
        <EmptyState>
          {page === 1 ? 'Nothing yet: comments, replies and results will show up here.' : 'No notifications on this page.'}
        </EmptyState>
      ) : (
        <ol className="mt-8 grid gap-3" aria-label="Your notifications">
          {items.map((item) => (
            <li key={item.id}>
              <NotificationItem item={item} page={page} now={now} />
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} pageCount={pageCount} hrefFor={(to) => withQuery('/notifications', { page: to })} label="Notification pages" />
    </div>
  );
}

function NotificationItem({ item, page, now }: { item: Item; page: number; now: number }) {
  const excerpt = 'excerpt' in item ? item.excerpt : null;
  return (
    <article
      aria-label={item.read ? item.text : `Unread: ${item.text}`}
      className={`panel flex items-start gap-3 p-4 ${item.read ? 'opacity-75' : 'border-neon-cyan/60'}`}
    >
      <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-neon-pink'}`} />
      <div className="min-w-0 flex-1">
        {/* Opening it is a post (it marks the line read), with or without JavaScript; it then goes where it happened. */}
        <Form method="post">
          <input type="hidden" name="id" value={item.id} />
          <button
            type="submit"
            name="intent"
            value="open"
            className="wrap-anywhere text-left font-semibold text-ink underline-offset-4 hover:text-neon-cyan hover:underline"
          >
            {item.text}
          </button>
        </Form>
        {item.names ? <p className="mt-1 text-sm text-ink/80">{item.names}</p> : null}
        {excerpt ? (
          <p className="mt-1 text-sm text-muted">
            {item.count > 1 ? 'Latest: ' : ''}“{excerpt}”
          </p>
        ) : null}
        <p className="mt-1 text-xs text-muted">
          <time dateTime={new Date(item.createdAt).toISOString()}>{relativeTime(item.createdAt, now)}</time>
        </p>
      </div>
      {item.read ? null : (
        <Form method="post" preventScrollReset className="shrink-0">
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="page" value={page} />
          <button type="submit" name="intent" value="read" className={buttonClass('quiet', 'sm')} aria-label={`Mark read: ${item.text}`}>
            <CheckIcon className="size-4" />
            {/* On a phone the tick alone: the button's name says it. */}
            <span className="hidden sm:inline">Mark read</span>
          </button>
        </Form>
      )}
    </article>
  );
}
