import { Link } from 'react-router';
import { type AltPhoto, PhotoAltForm } from '~/components/photo-alt-form';
import type { AltRefusal } from '~/domain/photo-alt';
import { buildPath } from '~/utils/build-path';
import { atPlace, PLACES } from '~/utils/places';

/**
 * The owner's descriptions of their build's photos, under them on the build page: drafted
 * from each photo after upload, what screen readers say of it everywhere, theirs to change.
 * While the roast is written the page reloads itself (without JavaScript, a meta refresh
 * that would throw away what they type), so meanwhile it shows the drafts and sends them
 * to the edit page to change one.
 */
export function PhotoAlts({
  buildId,
  photos,
  editable,
  refusal,
}: {
  buildId: number;
  photos: AltPhoto[];
  editable: boolean;
  refusal: AltRefusal | null;
}) {
  return (
    <section id={PLACES.photoAlts} aria-labelledby="photo-alts-title" className="panel grid gap-4 p-5">
      <div className="grid gap-1">
        <h2 id="photo-alts-title" className="text-lg font-bold">
          Photo descriptions
        </h2>
        <p className="text-sm text-muted">
          Only you see this. People who use a screen reader hear these descriptions instead of seeing your photos.
        </p>
      </div>
      {editable ? (
        photos.map((photo) => <PhotoAltForm key={`${photo.key}:${photo.alt ?? ''}`} photo={photo} refusal={refusal} />)
      ) : (
        <>
          <dl className="grid gap-3 text-sm">
            {photos.map((photo) => (
              <div key={photo.key} className="grid gap-1">
                <dt className="font-semibold capitalize">{photo.label}</dt>
                <dd className={photo.alt ? '' : 'text-muted'}>
                  {photo.alt || (photo.alt === null ? 'Being drafted from the photo\u2026' : 'None yet: write one on the edit page.')}
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-sm">
            <Link
              to={atPlace(`${buildPath(buildId)}/edit`, PLACES.photos)}
              className="font-semibold text-neon-cyan underline underline-offset-2"
            >
              Change a description
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
