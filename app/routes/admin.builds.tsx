import { Link } from 'react-router';
import type { Route } from './+types/admin.builds';
import { ConfirmDialog } from '~/components/admin/confirm-dialog';
import { AdminTable, nameInCell, ReviewBadge } from '~/components/admin/admin-table';
import { ResponsiveImage } from '~/components/responsive-image';
import { buttonClass } from '~/components/ui/button';
import { Pager } from '~/components/ui/pager';
import { deleteBuildAsAdmin, findBuildForAdmin, listBuildsForAdmin } from '~/models/admin-builds.server';
import { imageSources } from '~/images/records.server';
import { requireAdmin } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';
import { ADMIN_PAGE_SIZE } from '~/utils/constants';
import { shortDate } from '~/utils/dates';
import { pageNumber, positiveInt, withQuery } from '~/utils/query';
import { MemberLink } from '~/components/member-link';
import { buildPath } from '~/utils/build-path';
import { photoAlt } from '~/domain/photo-alt';
import { ratingWords } from '~/components/rating-line';

/** Every build, newest first, `?q=` on title or maker, `?page=`, and `?delete=ID` opens the confirmation. */
export function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const { searchParams } = args.url;
  const q = (searchParams.get('q') ?? '').trim();
  const page = pageNumber(searchParams.get('page'));
  const { rows, total } = listBuildsForAdmin({ q, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });
  const images = imageSources(rows.map((row) => row.imageId));
  const toDelete = positiveInt(searchParams.get('delete'));
  return {
    q,
    page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
    builds: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.getTime(),
      image: images.get(row.imageId) ?? null,
      imageAlt: photoAlt(row.photoAlt, row.title),
    })),
    confirm: toDelete ? findBuildForAdmin(toDelete) : null,
  };
}

/** Deletes a build (admins only, checked again here), then back to the same page of the list. */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const form = await args.request.formData();
  const { searchParams } = args.url;
  const back = withQuery('/admin/builds', { q: searchParams.get('q'), page: pageNumber(searchParams.get('page')) });
  const result = await deleteBuildAsAdmin(admin, Number(form.get('buildId')));
  if (result.ok) return redirectWithToast(back, { title: 'Build deleted successfully' }, { status: 303 });
  const message = result.reason === 'not_found' ? 'This build no longer exists.' : 'Only admins can delete builds.';
  return redirectWithToast(back, { kind: 'error', title: 'Error', description: `Failed to delete build: ${message}` }, { status: 303 });
}

export default function AdminBuilds({ loaderData }: Route.ComponentProps) {
  const { q, page, pageCount, builds, confirm } = loaderData;
  const here = (extra: Record<string, string | number> = {}) => withQuery('/admin/builds', { q, page, ...extra });
  return (
    <section aria-labelledby="builds-title">
      <h2 id="builds-title" className="sr-only">
        Builds
      </h2>
      <AdminTable
        caption="Builds"
        empty="No builds found."
        headers={['ID', 'Image', 'Title', 'User', 'Created', 'Rating', 'Actions']}
        rows={builds.map((build) => ({
          key: build.id,
          cells: [
            build.id,
            <div key="image" className="h-12 w-16 overflow-hidden rounded bg-void">
              {build.image ? (
                <ResponsiveImage image={build.image} alt={build.imageAlt} sizes="4rem" className="h-full w-full object-cover" />
              ) : null}
            </div>,
            <span key="title">
              <Link to={buildPath(build.id)} dir="auto" className="font-bold hover:text-neon-cyan">
                {build.title}
              </Link>
              <ReviewBadge status={build.reviewStatus} />
            </span>,
            <MemberLink key="user" username={build.username} className={nameInCell(build.username)} />,
            shortDate(build.createdAt),
            <span key="rating" className="whitespace-nowrap">
              {ratingWords(build)}
            </span>,
            <Link
              key="delete"
              to={here({ delete: build.id })}
              preventScrollReset
              aria-label={`Delete ${build.title}`}
              className={`${buttonClass('ghost', 'sm')} justify-self-start`}
            >
              Delete
            </Link>,
          ],
        }))}
      />
      <Pager page={page} pageCount={pageCount} hrefFor={(target) => withQuery('/admin/builds', { q, page: target })} label="Builds pages" />
      {confirm ? (
        <ConfirmDialog
          title="Delete build"
          text={
            <>
              <p>Are you sure you want to delete this build? This action cannot be undone.</p>
              <p className="mt-2 font-bold text-ink">
                {confirm.title} by @{confirm.username}
              </p>
            </>
          }
          confirmLabel="Delete build"
          cancelHref={here()}
        >
          <input type="hidden" name="buildId" value={confirm.id} />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
