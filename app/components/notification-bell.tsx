import { Link } from 'react-router';
import { BellIcon } from '~/components/icons';
import { unreadBadge } from '~/domain/notifications';

/** The header's link to /notifications, with the member's unread count; a plain link, with or without JavaScript. */
export function NotificationBell({ unread, className = '' }: { unread: number; className?: string }) {
  return (
    <Link
      to="/notifications"
      className={`relative inline-flex size-9 items-center justify-center rounded-full border border-line text-muted hover:border-neon-cyan hover:text-ink ${className}`}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
    >
      <BellIcon className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-neon-pink px-1 text-center text-[11px] font-bold leading-5 text-void"
        >
          {unreadBadge(unread)}
        </span>
      ) : null}
    </Link>
  );
}
