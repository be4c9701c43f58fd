import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BackToTop } from '~/components/back-to-top';
import { buttonClass } from '~/components/ui/button';
import { UploadIcon } from '~/components/icons';
import { Logo } from '~/components/logo';
import { NotificationBell } from '~/components/notification-bell';
import { AccountLinks, UserMenu } from '~/components/user-menu';
import type { CurrentUser } from '~/domain/users';
import { MemberLink } from '~/components/member-link';

const links = [
  { to: '/', label: 'Home', end: true },
  { to: '/gallery', label: 'Gallery', end: false },
  { to: '/leaderboard', label: 'Leaderboard', end: false },
  { to: '/battles', label: 'Battles', end: false },
  { to: '/competitions', label: 'Competitions', end: false },
];
// Five links, Upload and the account need about 860 px: below the lg breakpoint they are in the menu.

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold uppercase tracking-wide transition-colors ${
    isActive ? 'text-neon-cyan' : 'text-muted hover:text-ink'
  }`;

/** `unread`: the member's unread notifications, for the bell; `mayUpload`: false for a suspended member, whom the upload form refuses. */
export function SiteHeader({ user, unread, mayUpload }: { user: CurrentUser | null; unread: number; mayUpload: boolean }) {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // The mobile menu is a <details>, so it opens without JavaScript; with it, it closes after navigating.
  // Not when the page hydrates: a visitor may have opened it before the scripts ran.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (menuRef.current) menuRef.current.open = false;
  }, [location.key]);

  return (
    <header className="sticky top-0 z-40 border-b border-line/70 bg-void/85 backdrop-blur supports-[backdrop-filter]:bg-void/70">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded focus:bg-neon-cyan focus:px-3 focus:py-2 focus:text-void"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-(--site-header-height) max-w-7xl items-center gap-4 px-4">
        <Link to="/" className="rounded-md" aria-label="RigRoast home">
          <Logo />
        </Link>

        <nav aria-label="Main" className="ml-4 hidden lg:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={navLinkClass} prefetch="intent">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        {/* The right-hand controls, back to top among them: in the header, it covers nothing of the page. */}
        <div className="ml-auto flex items-center gap-1 lg:gap-3">
          <BackToTop />
          <div className="hidden items-center gap-3 lg:flex">
            {mayUpload ? (
              <Link to="/upload" className={buttonClass('hot', 'sm')} prefetch="intent">
                <UploadIcon className="size-4" />
                Upload
              </Link>
            ) : null}
            {user ? (
              <>
                <NotificationBell unread={unread} />
                <UserMenu user={user} />
              </>
            ) : (
              <Link to="/auth" className={buttonClass('ghost', 'sm')}>
                Log in
              </Link>
            )}
          </div>

          {user ? <NotificationBell unread={unread} className="lg:hidden" /> : null}
          <details ref={menuRef} className="group relative lg:hidden">
            <summary className={`${buttonClass('ghost', 'sm')} list-none [&::-webkit-details-marker]:hidden`} aria-label="Menu">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path className="group-open:hidden" d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
                <path className="hidden group-open:block" d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
              </svg>
            </summary>
            <nav aria-label="Mobile" className="panel absolute right-0 top-full mt-2 w-64 bg-panel p-2 shadow-2xl shadow-black/70">
              <ul className="grid gap-1">
                {links.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.end} className={(state) => `block ${navLinkClass(state)}`}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
                {mayUpload ? (
                  <li className="mt-1 border-t border-line pt-2">
                    <Link to="/upload" className={buttonClass('hot', 'sm', 'w-full')}>
                      <UploadIcon className="size-4" />
                      Upload
                    </Link>
                  </li>
                ) : null}
                {user ? (
                  <>
                    <li className={`truncate px-3 pt-2 text-sm ${mayUpload ? '' : 'mt-1 border-t border-line'}`}>
                      <MemberLink username={user.username} className="font-bold" />
                    </li>
                    <AccountLinks user={user} />
                  </>
                ) : (
                  <li>
                    <Link to="/auth" className={buttonClass('ghost', 'sm', 'w-full')}>
                      Login / Register
                    </Link>
                  </li>
                )}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
