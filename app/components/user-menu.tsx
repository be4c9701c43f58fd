import { useEffect, useRef } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { Avatar } from '~/components/avatar';
import { isStaff } from '~/domain/permissions';
import type { CurrentUser } from '~/domain/users';
import { MemberLink } from '~/components/member-link';

const itemClass = 'block w-full rounded-md px-3 py-2 text-left text-sm font-semibold text-ink hover:bg-panel-2 hover:text-neon-cyan';

/**
 * My Profile, Admin Dashboard (admins) or Moderation (moderators) and Logout, as
 * list items: in the avatar menu and the mobile menu.
 */
export function AccountLinks({ user }: { user: Pick<CurrentUser, 'isAdmin' | 'isModerator'> }) {
  return (
    <>
      <li>
        <Link to="/profile" className={itemClass}>
          My Profile
        </Link>
      </li>
      {isStaff(user) ? (
        <li>
          <Link to={user.isAdmin ? '/admin' : '/admin/moderation'} className={itemClass}>
            {user.isAdmin ? 'Admin Dashboard' : 'Moderation'}
          </Link>
        </li>
      ) : null}
      <li>
        <Form method="post" action="/logout">
          <button type="submit" className={itemClass}>
            Logout
          </button>
        </Form>
      </li>
    </>
  );
}

/** The avatar menu (docs/product.md §2): username, My Profile, Admin Dashboard for admins, Logout. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  return (
    <details ref={ref} className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full p-0.5 hover:ring-2 hover:ring-neon-cyan/60 [&::-webkit-details-marker]:hidden">
        {/* Named by its content, not an aria-label that would not contain the initials shown. */}
        <span className="sr-only">{`Account menu for ${user.username}`}</span>
        <Avatar username={user.username} avatarUrl={user.avatarUrl} />
      </summary>
      <div className="panel absolute right-0 top-full z-50 mt-2 w-60 bg-panel p-2 shadow-2xl shadow-black/70">
        <p className="truncate border-b border-line px-3 pb-2 pt-1 text-sm">
          <MemberLink username={user.username} className="font-bold" />
        </p>
        <ul className="mt-1 grid gap-0.5">
          <AccountLinks user={user} />
        </ul>
      </div>
    </details>
  );
}
