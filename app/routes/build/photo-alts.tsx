import { type AltPhoto, PhotoAltForm } from '~/components/photo-alt-form';
import type { AltRefusal } from '~/domain/photo-alt';
import { PLACES } from '~/utils/places';

/**
 * The owner's descriptions of their build's photos, under them on the build page: drafted
 * from each photo after upload, what screen readers say of it everywhere, theirs to change.
 */
export function PhotoAlts({ photos, refusal }: { photos: AltPhoto[]; refusal: AltRefusal | null }) {
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
      {photos.map((photo) => (
        <PhotoAltForm key={photo.key} photo={photo} refusal={refusal} />
      ))}
    </section>
  );
}
