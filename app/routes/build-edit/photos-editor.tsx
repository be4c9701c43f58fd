import { useState } from 'react';
import { Form } from 'react-router';
import { PhotoAltForm } from '~/components/photo-alt-form';
import { ResponsiveImage } from '~/components/responsive-image';
import { buttonClass } from '~/components/ui/button';
import { EXTRA_PHOTOS_HINT, ExtraPhotosInput, extraPhotosProblems } from '~/components/extra-photos-input';
import { useHydrated } from '~/components/use-hydrated';
import { MAX_EXTRA_PHOTOS, type ReviewStatus } from '~/domain/builds';
import { type AltRefusal, photoAlt } from '~/domain/photo-alt';
import type { ImageSources } from '~/images/variants';
import { PLACES } from '~/utils/places';

type Photo = {
  id: number;
  position: number;
  reviewStatus: ReviewStatus;
  reviewReason: string | null;
  alt: string | null;
  image: ImageSources | null;
};

const STATUS_TEXT: Record<ReviewStatus, string> = {
  pending: 'Being checked: it shows once it passes.',
  approved: 'Showing on your build page.',
  held: 'Held for a moderator to look at.',
  rejected: 'Not allowed: it is not shown.',
};

/**
 * The owner's photos: the main one and the extra ones with what screening said of each,
 * each with its description (alt text) to change, and the form that adds a photo.
 */
export function PhotosEditor({
  mainPhoto,
  photos,
  refusal,
  altRefusal,
}: {
  mainPhoto: { image: ImageSources | null; alt: string | null };
  photos: Photo[];
  refusal: string | null;
  altRefusal: AltRefusal | null;
}) {
  return (
    <section id={PLACES.photos} aria-labelledby="photos-title" className="panel grid gap-5 p-5 sm:p-6">
      <div className="grid gap-1">
        <h2 id="photos-title" className="display text-xl">
          Photos
        </h2>
        <p className="text-sm text-muted">Each photo's description is what screen readers say of it. {EXTRA_PHOTOS_HINT}</p>
      </div>
      <ul className="grid gap-5" aria-label="Your photos">
        <li className="grid grid-cols-[5rem_minmax(0,1fr)] items-start gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]" data-testid="main-photo">
          <div className="aspect-square overflow-hidden rounded-lg border border-line bg-panel-2">
            {mainPhoto.image ? (
              <ResponsiveImage
                image={mainPhoto.image}
                alt={photoAlt(mainPhoto.alt, 'your build')}
                sizes="10rem"
                className="size-full object-cover"
              />
            ) : null}
          </div>
          <PhotoAltForm
            key={mainPhoto.alt ?? ''}
            photo={{ key: 'main', label: 'the main photo', alt: mainPhoto.alt }}
            refusal={altRefusal}
          />
        </li>
        {photos.map((photo) => (
          <li
            key={photo.id}
            className="grid grid-cols-[5rem_minmax(0,1fr)] items-start gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]"
            data-testid="extra-photo"
          >
            <div className="grid content-start gap-2">
              <div className="aspect-square overflow-hidden rounded-lg border border-line bg-panel-2">
                {photo.image ? (
                  <ResponsiveImage
                    image={photo.image}
                    alt={photoAlt(photo.alt, 'your build', photo.position)}
                    sizes="10rem"
                    className="size-full object-cover"
                  />
                ) : null}
              </div>
              <p className="text-xs text-muted">{photo.reviewReason ?? STATUS_TEXT[photo.reviewStatus]}</p>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="remove-photo" />
                <input type="hidden" name="photoId" value={photo.id} />
                <button type="submit" className="text-sm font-semibold text-muted hover:text-danger">
                  Remove <span className="sr-only">photo {photo.position}</span>
                </button>
              </Form>
            </div>
            <PhotoAltForm
              key={photo.alt ?? ''}
              photo={{ key: photo.id, label: `extra photo ${photo.position}`, alt: photo.alt }}
              refusal={altRefusal}
            />
          </li>
        ))}
      </ul>
      {photos.length < MAX_EXTRA_PHOTOS ? <AddPhotoForm refusal={refusal} /> : null}
    </section>
  );
}

/**
 * The form that adds one photo. With JavaScript a photo it would refuse is told as
 * soon as it is chosen, by name, and is not sent; without, the server says so.
 */
function AddPhotoForm({ refusal }: { refusal: string | null }) {
  const [problems, setProblems] = useState<string[]>([]);
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
      onSubmit={(event) => {
        if (problems.length === 0) return;
        event.preventDefault();
        event.currentTarget.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
      }}
    >
      <input type="hidden" name="intent" value="add-photo" />
      <div className="min-w-0">
        <ExtraPhotosInput
          id="photo"
          name="image"
          label="Add a photo"
          errors={problems.length > 0 ? problems : refusal ? [refusal] : undefined}
          chooseAgain={Boolean(refusal) && !hydrated}
          onChange={(event) => setProblems(extraPhotosProblems(event.currentTarget.files))}
        />
      </div>
      <button type="submit" className={buttonClass('primary', 'sm', 'min-h-11')}>
        Upload photo
      </button>
    </Form>
  );
}
