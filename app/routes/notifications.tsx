import { data, Form, Link } from 'react-router';
import type { Route } from './+types/notifications';
import { CheckIcon } from '~/components/icons';
import { EmptyState } from '~/components/section-heading';
import { buttonClass } from '~/components/ui/button';
import { Pager } from '~/components/ui/pager';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '~/models/notifications.server';
import { notificationHref, notificationText } from '~/domain/notifications';
import { requireUser } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';
import { relativeTime } from '~/utils/dates';
import { pageMeta } from '~/utils/meta';
import { pageNumber, positiveInt, withQuery } from '~/utils/query';

export const meta = () => pageMeta('Notifications', 'What happened to your builds and comments on RigRoast.');

/** The signed-in member's notifications, newest first, a page at a time (`?page=`). */
export function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const list = listNotifications(user.id, pageNumber(args.url.searchParams.get('page')));
  return {
    ...list,
    items: list.items.map((item) => ({
      ...item,
      createdAt: item.createdAt.getTime(),
      text: notificationText(item),
      href: notificationHref(item),
    })),
    now: Date.now(),
  };
}

/** Marks one notification read (`intent=read`, `id`) or all of them (`intent=read-all`), then back to the page the form was on. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const formData = await args.request.formData();
  const back = withQuery('/notifications', { page: pageNumber(String(formData.get('page') ?? '')) });
  switch (formData.get('intent')) {
    case 'read': {
      const id = positiveInt(String(formData.get('id') ?? ''));
      if (id !== null && markNotificationRead(user.id, id)) return redirectWithToast(back, { title: 'Marked as read' }, { status: 303 });
      return redirectWithToast(
        back,
        { kind: 'error', title: 'Not marked', description: 'That notification is not yours, or it is gone.' },
        { status: 303 },
      );
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
        <Link to={item.href} className="font-semibold text-ink hover:text-neon-cyan">
          {item.text}
        </Link>
        {excerpt ? <p className="mt-1 text-sm text-muted">“{excerpt}”</p> : null}
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
