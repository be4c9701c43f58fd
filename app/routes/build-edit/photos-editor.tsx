import { useState } from 'react';
import { Form } from 'react-router';
import { ResponsiveImage } from '~/components/responsive-image';
import { buttonClass } from '~/components/ui/button';
import { EXTRA_PHOTOS_HINT, ExtraPhotosInput, extraPhotosProblems } from '~/components/extra-photos-input';
import { useHydrated } from '~/components/use-hydrated';
import { MAX_EXTRA_PHOTOS, type ReviewStatus } from '~/domain/builds';
import type { ImageSources } from '~/images/variants';
import { PLACES } from '~/utils/places';

type Photo = { id: number; position: number; reviewStatus: ReviewStatus; reviewReason: string | null; image: ImageSources | null };

const STATUS_TEXT: Record<ReviewStatus, string> = {
  pending: 'Being checked: it shows once it passes.',
  approved: 'Showing on your build page.',
  held: 'Held for a moderator to look at.',
  rejected: 'Not allowed: it is not shown.',
};

/** The owner's extra photos with what screening said of each, and the form that adds one. */
export function PhotosEditor({ photos, refusal }: { photos: Photo[]; refusal: string | null }) {
  return (
    <section id={PLACES.photos} aria-labelledby="photos-title" className="panel grid gap-5 p-5 sm:p-6">
      <div className="grid gap-1">
        <h2 id="photos-title" className="display text-xl">
          More photos
        </h2>
        <p className="text-sm text-muted">{EXTRA_PHOTOS_HINT}</p>
      </div>
      {photos.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Your extra photos">
          {photos.map((photo) => (
            <li key={photo.id} className="grid content-start gap-2" data-testid="extra-photo">
              <div className="aspect-square overflow-hidden rounded-lg border border-line bg-panel-2">
                {photo.image ? (
                  <ResponsiveImage
                    image={photo.image}
                    alt={`Extra photo ${photo.position}`}
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
            </li>
          ))}
        </ul>
      ) : null}
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
