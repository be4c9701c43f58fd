import { Link } from 'react-router';
import { nameInCell } from './admin-table';

/**
 * A member's name on the staff pages, as a link to their staff page (/admin/users/:id:
 * standing, measures, notes, recent activity); the public page is one click further.
 */
export function StaffMemberLink({ id, username, className = '' }: { id: number; username: string; className?: string }) {
  return (
    <Link
      to={`/admin/users/${id}`}
      aria-label={`Staff page of @${username}`}
      className={`font-semibold text-neon-cyan underline-offset-4 hover:underline focus-visible:underline ${nameInCell(username)} ${className}`}
    >
      @{username}
    </Link>
  );
}
