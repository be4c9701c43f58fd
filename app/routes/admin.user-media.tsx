import { data, Link } from 'react-router';
import type { Route } from './+types/admin.user-media';
import { Badge } from '~/components/admin/admin-table';
import { ResponsiveImage } from '~/components/responsive-image';
import { imageSources } from '~/images/records.server';
import { findMember } from '~/models/admin-members.server';
import { memberMedia } from '~/models/member-media.server';
import { requireStaff } from '~/web/session.server';
import { shortDate } from '~/utils/dates';
import { pageMeta } from '~/utils/meta';
import { positiveInt } from '~/utils/query';
import { buildPath } from '~/utils/build-path';
import { photoAlt } from '~/domain/photo-alt';

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta(loaderData ? `@${loaderData.username}'s photos · Staff` : 'Photos · Staff', "A member's photos as staff see them.");

/** Every photo a member put up, listed or not, with screening's verdict; staff only. */
export function loader(args: Route.LoaderArgs) {
  requireStaff(args);
  const member = findMember(positiveInt(args.params.id) ?? 0);
  const media = member ? memberMedia(member.id) : null;
  if (!member || !media) throw data({ message: 'This user does not exist.' }, { status: 404 });
  const images = imageSources(media.photos.map((photo) => photo.imageId));
  return {
    id: member.id,
    username: member.username,
    avatarUrl: media.avatarUrl,
    photos: media.photos.map((photo) => ({
      ...photo,
      alt: photoAlt(photo.alt, photo.buildTitle, photo.position),
      createdAt: photo.createdAt.getTime(),
      image: images.get(photo.imageId) ?? null,
    })),
  };
}

const STATUS = {
  approved: { label: 'Listed', tone: 'lime' },
  pending: { label: 'Screening', tone: 'cyan' },
  held: { label: 'Held', tone: 'flame' },
  rejected: { label: 'Rejected', tone: 'pink' },
} as const;

const percent = (score: number) => `${Math.round(score * 100)}%`;

export default function AdminUserMedia({ loaderData }: Route.ComponentProps) {
  const { id, username, avatarUrl, photos } = loaderData;
  return (
    <section aria-labelledby="media-title" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="media-title" className="display text-2xl">
          <span className="wrap-anywhere">@{username}</span>&apos;s photos <span className="text-muted">({photos.length})</span>
        </h2>
        <Link to={`/admin/users/${id}`} className="font-semibold text-neon-cyan hover:underline">
          Back to @{username}
        </Link>
      </div>
      <div className="panel flex items-center gap-4 p-4">
        {avatarUrl ? (
          <img src={avatarUrl} alt={`@${username}'s avatar`} width={64} height={64} className="size-16 rounded-full" />
        ) : (
          <span className="grid size-16 place-items-center rounded-full border border-line text-xs text-muted">none</span>
        )}
        <p>
          <span className="font-bold">Avatar</span>
          <span className="block text-sm text-muted">
            {avatarUrl ? 'Shown on their page and comments; avatars are not screened.' : 'No avatar uploaded.'}
          </span>
        </p>
      </div>
      {photos.length === 0 ? (
        <p className="panel p-8 text-center text-muted">No build photos.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((photo) => (
            <li key={`${photo.kind}-${photo.imageId}-${photo.buildId}`} className="panel grid content-start gap-3 p-3">
              <div className="aspect-[4/3] overflow-hidden rounded bg-void">
                {photo.image ? (
                  <ResponsiveImage
                    image={photo.image}
                    alt={photo.alt}
                    sizes="(min-width: 1024px) 22rem, 90vw"
                    className="h-full w-full object-cover"
                  />
                ) : (
                  <p className="grid h-full place-items-center text-sm text-muted">Photo deleted</p>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-1.5">
                <Badge tone={STATUS[photo.reviewStatus].tone}>{STATUS[photo.reviewStatus].label}</Badge>
                <Badge tone="muted">{photo.kind === 'build' ? 'Main photo' : 'Extra photo'}</Badge>
              </div>
              <p>
                <Link to={buildPath(photo.buildId)} className="font-bold hover:text-neon-cyan">
                  {photo.buildTitle}
                </Link>{' '}
                <span className="text-sm text-muted">{shortDate(photo.createdAt)}</span>
              </p>
              {photo.reviewReason ? <p className="text-sm text-muted">{photo.reviewReason}</p> : null}
              <p className="text-sm">
                {photo.screening
                  ? `Screening: NSFW ${photo.screening.nsfw === null ? 'n/a' : percent(photo.screening.nsfw)} · faces ${photo.screening.faces ?? 'n/a'}`
                  : 'Not screened'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
