import { Link } from 'react-router';
import { memberPath } from '~/utils/member-path';

/**
 * A member's name as a link to their public page: "@name" in the site's link
 * colour, underlined on hover and focus. Everywhere a member's name is shown, so a
 * name that looks like this is always a link. RoastBot is not a member and has no page.
 */
export function MemberLink({ username, className = '' }: { username: string; className?: string }) {
  return (
    <Link
      to={memberPath(username)}
      prefetch="intent"
      dir="auto"
      className={`font-semibold text-neon-cyan underline-offset-4 hover:underline focus-visible:underline ${className}`}
    >
      @{username}
    </Link>
  );
}
