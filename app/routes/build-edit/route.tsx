import { data, Link } from 'react-router';
import type { Route } from './+types/route';
import { addPhoto, deletePart, deletePhoto, type PartRefusal, photoRefused, savePart, saveDetails } from './actions.server';
import { DetailsForm } from './details-form';
import { PartsEditor } from './parts-editor';
import { PhotosEditor } from './photos-editor';
import { buildTagsOf } from '~/models/build-details.server';
import { listParts } from '~/models/build-parts.server';
import { listBuildPhotos } from '~/models/build-photos.server';
import { findBuildDetail } from '~/models/builds.server';
import { suspensionNotice } from '~/models/member-moderation.server';
import { imageSources } from '~/images/records.server';
import { isMultipartForm, readUploadForm, UploadError } from '~/services/multipart.server';
import { savePhotoAlt } from '~/web/photo-alts.server';
import { requireUser } from '~/web/session.server';
import { atPlace, PLACES } from '~/utils/places';
import { SuspendedNotice } from '~/components/suspended-notice';
import { pageMeta } from '~/utils/meta';
import { buildPath } from '~/utils/build-path';
import { positiveInt } from '~/utils/query';

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta(`Edit ${loaderData?.build.title ?? 'build'}`, 'Describe your build, tag it, list its parts and add photos.'),
  { name: 'robots', content: 'noindex' },
];

/** Only the owner edits their build; to anyone else the page does not exist. */
function ownBuild(args: Route.LoaderArgs | Route.ActionArgs) {
  const user = requireUser(args);
  const id = positiveInt(args.params.id);
  const build = id === null ? null : findBuildDetail(id);
  if (!build || build.userId !== user.id) throw data(null, { status: 404 });
  return { user, build };
}

export function loader(args: Route.LoaderArgs) {
  const { user, build } = ownBuild(args);
  const photos = listBuildPhotos(build.id, { approvedOnly: false });
  const sources = imageSources([build.imageId, ...photos.map((photo) => photo.imageId)]);
  return {
    build: { id: build.id, title: build.title, description: build.description ?? '', tags: buildTagsOf(build.id) },
    parts: listParts(build.id),
    mainPhoto: { image: sources.get(build.imageId) ?? null, alt: build.photoAlt },
    photos: photos.map((photo) => ({ ...photo, image: sources.get(photo.imageId) ?? null })),
    suspension: suspensionNotice(user),
  };
}

/** Description and tags, parts (add, confirm or correct, remove), photos (add, remove, describe). */
export async function action(args: Route.ActionArgs) {
  const { user, build } = ownBuild(args);
  const back = `${buildPath(build.id)}/edit`;
  let formData: FormData;
  try {
    // The photo form is a multipart upload, read under the upload limits; the others are plain forms.
    formData = isMultipartForm(args.request.headers.get('Content-Type'))
      ? await readUploadForm(args.request)
      : await args.request.formData();
  } catch (error) {
    if (error instanceof UploadError) return photoRefused(args, error.message, error.status, error.headers);
    throw error;
  }
  switch (formData.get('intent')) {
    case 'details':
      return saveDetails(args, build.id, user.id, formData, back);
    case 'save-part':
      return savePart(args, build.id, user.id, formData, back);
    case 'remove-part':
      return deletePart(build.id, user.id, Number(formData.get('partId')), back);
    case 'add-photo':
      return addPhoto(args, build.id, user.id, formData, back);
    case 'remove-photo':
      return deletePhoto(build.id, user.id, Number(formData.get('photoId')), back);
    case 'photo-alt':
      return savePhotoAlt(args, build.id, user.id, formData, atPlace(back, PLACES.photos));
    default:
      throw data(null, { status: 400 });
  }
}

/** A part form's refusal, from the action's answer: which form, and its message. */
function partRefusal(answer: Route.ComponentProps['actionData']): PartRefusal | null {
  if (!answer || !('target' in answer) || answer.target === 'photo') return null;
  return { form: answer.target, message: answer.error };
}

export default function EditBuild({ loaderData, actionData }: Route.ComponentProps) {
  const { build, parts, mainPhoto, photos, suspension } = loaderData;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-10 px-4 py-8 sm:py-12">
      <header className="grid gap-2">
        <h1 className="display text-3xl sm:text-4xl">
          Edit <span className="wrap-anywhere">{build.title}</span>
        </h1>
        <p className="text-sm">
          <Link to={buildPath(build.id)} className="font-semibold text-neon-cyan underline underline-offset-2">
            Back to the build page
          </Link>
        </p>
      </header>
      {suspension ? (
        <SuspendedNotice notice={suspension} />
      ) : (
        <>
          <DetailsForm build={build} lastResult={actionData && 'result' in actionData ? (actionData.result ?? null) : null} />
          <PartsEditor parts={parts} refusal={partRefusal(actionData)} />
          <PhotosEditor
            mainPhoto={mainPhoto}
            photos={photos}
            refusal={actionData && 'target' in actionData && actionData.target === 'photo' ? actionData.error : null}
            altRefusal={actionData && 'altResult' in actionData ? actionData : null}
          />
        </>
      )}
    </div>
  );
}
