import { Link } from 'react-router';
import type { Route } from './+types/admin.users';
import { AdminTable, Badge, nameInCell } from '~/components/admin/admin-table';
import { ConfirmDialog } from '~/components/admin/confirm-dialog';
import { buttonClass } from '~/components/ui/button';
import { Pager } from '~/components/ui/pager';
import { changeMember, deleteMember, findMember, listMembers, type MemberChange } from '~/models/admin-members.server';
import { canManageMember } from '~/domain/member-moderation';
import { activeSuspension } from '~/domain/member-moderation';
import { requireAdmin } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';
import { ADMIN_PAGE_SIZE } from '~/utils/constants';
import { shortDate } from '~/utils/dates';
import { pageNumber, withQuery } from '~/utils/query';
import { MemberLink } from '~/components/member-link';

const CHANGES = ['disable', 'enable', 'grant-moderator', 'remove-moderator', 'delete'] as const satisfies readonly MemberChange[];
const isChange = (value: unknown): value is MemberChange => (CHANGES as readonly unknown[]).includes(value);

/**
 * Every member, newest first, `?q=` on name or address, `?page=`; `?confirm=
 * <change>&user=ID` opens the confirmation of a change the viewer may make.
 */
export function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args);
  const { searchParams } = args.url;
  const q = (searchParams.get('q') ?? '').trim();
  const page = pageNumber(searchParams.get('page'));
  const { rows, total } = listMembers({ q, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });
  const change = searchParams.get('confirm');
  const target = isChange(change) ? findMember(Number(searchParams.get('user'))) : null;
  return {
    q,
    page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
    users: rows.map(({ suspendedUntil, ...row }) => ({
      ...row,
      createdAt: row.createdAt.getTime(),
      suspended: activeSuspension({ suspendedUntil }) !== null,
      manageable: canManageMember(admin, row),
    })),
    confirm: target && isChange(change) && canManageMember(admin, target) ? { change, id: target.id, username: target.username } : null,
  };
}

const SUCCESS: Record<MemberChange, string> = {
  disable: 'User status updated successfully',
  enable: 'User status updated successfully',
  'grant-moderator': 'Moderator status updated successfully',
  'remove-moderator': 'Moderator status updated successfully',
  delete: 'User deleted successfully',
};

const FAILURE: Record<MemberChange, string> = {
  disable: 'Failed to update user status',
  enable: 'Failed to update user status',
  'grant-moderator': 'Failed to update moderator status',
  'remove-moderator': 'Failed to update moderator status',
  delete: 'Failed to delete user',
};

/** One change to one member; the server checks the same rule that hides the buttons. */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const form = await args.request.formData();
  const { searchParams } = args.url;
  const back = withQuery('/admin/users', { q: searchParams.get('q'), page: pageNumber(searchParams.get('page')) });
  const change = form.get('change');
  if (!isChange(change)) {
    return redirectWithToast(back, { kind: 'error', title: 'Error', description: 'Unknown action.' }, { status: 303 });
  }
  const userId = Number(form.get('userId'));
  const result = change === 'delete' ? await deleteMember(admin, userId) : changeMember(admin, userId, change);
  if (result.ok) return redirectWithToast(back, { title: SUCCESS[change] }, { status: 303 });
  const message = result.reason === 'not_found' ? 'This user no longer exists.' : 'Admins, and your own account, cannot be changed here.';
  return redirectWithToast(back, { kind: 'error', title: 'Error', description: `${FAILURE[change]}: ${message}` }, { status: 303 });
}

type Confirm = NonNullable<Route.ComponentProps['loaderData']['confirm']>;

function confirmation({ change, username }: Confirm) {
  const name = `@${username}`;
  switch (change) {
    case 'disable':
      return {
        title: 'Disable user',
        label: 'Disable user',
        text: `Disable ${name}? They are signed out at once and cannot sign in until an admin enables them again.`,
      };
    case 'enable':
      return { title: 'Enable user', label: 'Enable user', text: `Enable ${name}? They can sign in again.` };
    case 'grant-moderator':
      return {
        title: 'Make moderator',
        label: 'Make moderator',
        text: `Make ${name} a moderator? They can clear the moderation queue, delete any comment and hide any build.`,
      };
    case 'remove-moderator':
      return {
        title: 'Remove moderator',
        label: 'Remove moderator',
        text: `Remove ${name}'s moderator role? They keep their account as a member.`,
      };
    case 'delete':
      return {
        title: 'Delete user',
        label: 'Delete user',
        text: `Delete ${name} permanently? All of their builds, ratings and comments will be deleted. This action cannot be undone.`,
      };
  }
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { q, page, pageCount, users, confirm } = loaderData;
  const here = (extra: Record<string, string | number> = {}) => withQuery('/admin/users', { q, page, ...extra });
  const dialog = confirm ? confirmation(confirm) : null;
  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title" className="sr-only">
        Users
      </h2>
      <AdminTable
        caption="Users"
        empty="No users found."
        headers={['ID', 'Username', 'Email', 'Role', 'Status', 'Created', 'Actions']}
        rows={users.map((user) => ({
          key: user.id,
          cells: [
            user.id,
            <MemberLink key="name" username={user.username} className={`font-bold ${nameInCell(user.username)}`} />,
            <span key="email">{user.email}</span>,
            <span key="role" className="flex flex-wrap gap-1">
              {user.isAdmin ? <Badge tone="pink">Admin</Badge> : <Badge tone="muted">User</Badge>}
              {user.isModerator && !user.isAdmin ? <Badge tone="cyan">Moderator</Badge> : null}
            </span>,
            <span key="status">
              {user.isDisabled ? (
                <Badge tone="flame">Disabled</Badge>
              ) : user.suspended ? (
                <Badge tone="flame">Suspended</Badge>
              ) : (
                <Badge tone="lime">Active</Badge>
              )}
            </span>,
            shortDate(user.createdAt),
            <span key="actions" className="flex flex-wrap gap-2">
              <Link to={`/admin/users/${user.id}`} aria-label={`Staff page of @${user.username}`} className={buttonClass('ghost', 'sm')}>
                Staff page
              </Link>
              {user.manageable ? (
                <>
                  <ActionLink
                    to={here({ confirm: user.isDisabled ? 'enable' : 'disable', user: user.id })}
                    label={user.isDisabled ? 'Enable' : 'Disable'}
                    who={user.username}
                  />
                  <ActionLink
                    to={here({ confirm: user.isModerator ? 'remove-moderator' : 'grant-moderator', user: user.id })}
                    label={user.isModerator ? 'Remove moderator' : 'Make moderator'}
                    who={user.username}
                  />
                  <ActionLink to={here({ confirm: 'delete', user: user.id })} label="Delete" who={user.username} />
                </>
              ) : null}
            </span>,
          ],
        }))}
      />
      <Pager page={page} pageCount={pageCount} hrefFor={(target) => withQuery('/admin/users', { q, page: target })} label="Users pages" />
      {confirm && dialog ? (
        <ConfirmDialog
          title={dialog.title}
          text={<p>{dialog.text}</p>}
          confirmLabel={dialog.label}
          cancelHref={here()}
          destructive={confirm.change !== 'enable'}
        >
          <input type="hidden" name="change" value={confirm.change} />
          <input type="hidden" name="userId" value={confirm.id} />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function ActionLink({ to, label, who }: { to: string; label: string; who: string }) {
  return (
    <Link to={to} preventScrollReset aria-label={`${label} @${who}`} className={buttonClass('ghost', 'sm')}>
      {label}
    </Link>
  );
}
