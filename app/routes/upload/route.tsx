import { getFormProps, getTextareaProps } from '@conform-to/react';
import { useEffect, useRef, useState } from 'react';
import { data, Form, Link, useNavigation, useSubmit } from 'react-router';
import type { Route } from './+types/route';
import { stage, upload, uploadRefused } from './actions.server';
import { GlowUpParts } from './glow-up-parts';
import { Guidelines } from './guidelines';
import { PhotoInput } from './photo-input';
import { TagAndDescriptionFields } from '~/components/build-details-fields';
import { EXTRA_PHOTOS_HINT, ExtraPhotosInput } from '~/components/extra-photos-input';
import { ResponsiveImage } from '~/components/responsive-image';
import { RoastIntensityInput } from '~/components/roast-intensity-input';
import { SuspendedNotice } from '~/components/suspended-notice';
import { DEFAULT_ROAST_INTENSITY, ROAST_INTENSITIES } from '~/domain/roast-intensity';
import { toast } from '~/components/toaster';
import { useHydrated } from '~/components/use-hydrated';
import { useTypedValue } from '~/components/use-typed-value';
import { buttonClass } from '~/components/ui/button';
import { FieldErrors, LandOnFault } from '~/components/ui/field';
import { TextField } from '~/components/ui/text-field';
import { useZodForm } from '~/components/ui/use-zod-form';
import { MAX_EXTRA_PHOTOS } from '~/domain/builds';
import { imageSource } from '~/images/records.server';
import { GLOW_UP_REFUSALS } from '~/models/glow-up-link.server';
import { glowUpStart } from '~/models/glow-ups.server';
import { suspensionNotice } from '~/models/member-moderation.server';
import { readUploadForm, UploadError } from '~/services/multipart.server';
import { pendingUpload } from '~/web/pending-upload.server';
import { currentUser, requireUser } from '~/web/session.server';
import { buildPath } from '~/utils/build-path';
import { pageMeta } from '~/utils/meta';
import { positiveInt } from '~/utils/query';
import { takeStashedImage } from '~/utils/pending-image';
import { errorMessage, postWithProgress } from '~/utils/post-with-progress';
import { counted } from '~/utils/count';

export const meta = () => pageMeta('Deploy your battle station', 'Upload a photo of your PC build and get it roasted by AI.');

export async function loader(args: Route.LoaderArgs) {
  const glowUp = glowUpOf(args);
  const user = currentUser(args);
  const pending = await pendingUpload(args.request);
  const page = {
    glowUp,
    username: user?.username ?? null,
    suspension: suspensionNotice(user),
    pending: pending
      ? {
          title: pending.title,
          roastIntensity: pending.roastIntensity,
          image: imageSource(pending.imageId),
          extraPhotos: pending.extraImageIds.length,
        }
      : null,
  };
  if (glowUp?.refusal) return data(page, { status: glowUp.refusal === GLOW_UP_REFUSALS.not_owner ? 403 : 404 });
  return page;
}

/**
 * `?glowUpOf=<id>`: the form preset as a glow-up of one of the member's own builds (its
 * title, its confirmed parts), or why it may not be (another member's build, or none).
 * Only a member has builds: a guest signs in first and comes back here.
 */
function glowUpOf(args: Route.LoaderArgs) {
  const asked = args.url.searchParams.get('glowUpOf');
  if (asked === null) return null;
  const member = requireUser(args);
  const id = positiveInt(asked);
  const start = id === null ? ({ ok: false, reason: 'not_found' } as const) : glowUpStart(member.id, id);
  return start.ok ? { earlier: start.earlier, refusal: null } : { earlier: null, refusal: GLOW_UP_REFUSALS[start.reason] };
}

/** A refused upload's Retry-After reaches the page without JavaScript too (cookies pass on their own). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get('Retry-After');
  return retryAfter ? { 'Retry-After': retryAfter } : new Headers();
}

export async function action(args: Route.ActionArgs) {
  let formData: FormData;
  try {
    // The photo and up to four more; one too large is refused by the form's schema, by name, with every other field kept.
    formData = await readUploadForm(args.request, { maxFiles: 1 + MAX_EXTRA_PHOTOS, tooLargeFiles: 'keep' });
  } catch (error) {
    if (error instanceof UploadError) return uploadRefused(args, error);
    throw error;
  }
  const intent = formData.get('intent');
  if (intent === 'stage') return stage(args, formData);
  return upload(args, formData, { finalize: intent === 'finalize' });
}

export default function Upload({ loaderData, actionData }: Route.ComponentProps) {
  const { username, pending, glowUp } = loaderData;
  const earlier = glowUp?.earlier ?? null;
  const navigation = useNavigation();
  const startTitle = pending?.title ?? earlier?.title ?? '';
  const [form, fields] = useZodForm('uploadSchema', {
    id: 'upload-form',
    lastResult: actionData?.result,
    defaultValue: { title: startTitle },
  });
  // After a refusal the form shows what was sent.
  const sent = actionData?.result?.initialValue;
  const sentIntensity = ROAST_INTENSITIES.find((intensity) => intensity === sent?.roastIntensity);
  const title = useTypedValue(fields.title.id, startTitle);
  const [preview, setPreview] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const submit = useSubmit();
  // Percent of the photo sent so far, while JavaScript uploads it ahead of the form.
  const [progress, setProgress] = useState<number | null>(null);
  const busy = navigation.state === 'submitting' || progress !== null;
  const finalizing = Boolean(pending);
  const hasImage = Boolean(preview || finalizing);
  // Refused without JavaScript, the page comes back as a new document: a browser never fills a file input in again.
  const filesForgotten = Boolean(actionData?.result) && !hydrated;

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  // Scripts run after the page has loaded: a photo chosen before then is previewed, as if chosen now.
  useEffect(() => {
    if (fileRef.current?.files?.length) fileRef.current.dispatchEvent(new Event('change', { bubbles: true }));
  }, []);

  // A photo handed over by the home page's drop zone goes into the file input.
  useEffect(() => {
    const file = finalizing ? null : takeStashedImage();
    if (!file || !fileRef.current) return;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    fileRef.current.files = transfer.files;
    fileRef.current.dispatchEvent(new Event('change', { bubbles: true }));
  }, [finalizing]);

  const label = !username ? 'Sign In to Submit' : earlier ? 'Post Glow-up' : finalizing ? 'Finalize PC Build' : 'Upload PC Build';
  const busyLabel = finalizing ? 'Finalizing...' : progress === null ? 'Uploading...' : `Uploading... ${progress}%`;

  // With JavaScript the photo goes first, on its own, so the visitor sees it
  // travel; then the form finishes it like any pending upload. Without
  // JavaScript the browser posts everything at once.
  async function uploadWithProgress(file: File, formElement: HTMLFormElement) {
    // The rest of the form (title, description, tags) follows the photo as it was when sent.
    const rest = new FormData(formElement);
    rest.delete('image');
    rest.set('intent', 'finalize');
    setProgress(0);
    const body = new FormData();
    body.set('image', file);
    try {
      const result = await postWithProgress('/api/uploads/temp', body, setProgress);
      if (!result.ok) {
        toast({ kind: 'error', title: 'Upload failed', description: errorMessage(result.body, `${result.status}`) });
        return;
      }
      await submit(rest, { method: 'post', encType: 'multipart/form-data' });
    } catch (error) {
      toast({ kind: 'error', title: 'Upload failed', description: (error as Error).message });
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-14">
      {earlier ? (
        <>
          <h1 className="display text-3xl sm:text-5xl">
            Post a <span className="text-gradient">glow-up</span>
          </h1>
          <p className="mt-3 text-sm text-muted">
            New photos of the same rig, after{' '}
            <Link to={buildPath(earlier.id)} className="font-semibold text-neon-cyan underline underline-offset-2">
              {earlier.title}
            </Link>
            . It gets a roast of its own that knows the earlier one, and its page tells the story from before to after.
          </p>
        </>
      ) : (
        <h1 className="display text-3xl sm:text-5xl">
          Deploy your <span className="text-gradient">battle station</span>
        </h1>
      )}
      <p className="mt-3 text-sm text-muted" aria-live="polite">
        {username ? (
          <>
            <strong className="text-ink">{username}</strong> · Registered Account
          </>
        ) : (
          'Not signed in'
        )}
      </p>
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {loaderData.suspension ? (
          <SuspendedNotice notice={loaderData.suspension} className="self-start" />
        ) : glowUp?.refusal ? (
          <div role="alert" className="panel grid gap-3 self-start p-6">
            <h2 className="text-lg font-bold">No glow-up of that build</h2>
            <p className="text-sm text-muted">{glowUp.refusal}</p>
            <p className="text-sm">
              <Link to="/upload" className="font-semibold text-neon-cyan underline underline-offset-2">
                Upload a build of your own instead
              </Link>
            </p>
          </div>
        ) : (
          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(form)}
            onSubmit={(event) => {
              form.onSubmit(event);
              const file = fileRef.current?.files?.[0];
              if (event.defaultPrevented || finalizing || !file) return;
              event.preventDefault();
              void uploadWithProgress(file, event.currentTarget);
            }}
            noValidate
            className="panel grid gap-6 p-6"
          >
            <LandOnFault formId={form.id} errors={form.allErrors} />
            <input type="hidden" name="intent" value={finalizing ? 'finalize' : 'upload'} />
            {earlier ? <input type="hidden" name={fields.glowUpOf.name} value={earlier.id} /> : null}
            <TextField
              field={fields.title}
              label="Build Title"
              type="text"
              maxLength={100}
              placeholder="e.g. Arctic white water-cooled beast"
            />
            {finalizing && pending?.image ? (
              <div className="grid gap-2">
                <p className="text-sm font-semibold">Your photo</p>
                <ResponsiveImage image={pending.image} alt="" sizes="(min-width: 1024px) 40rem, 100vw" className="rounded-xl" />
              </div>
            ) : (
              <PhotoInput
                field={fields.image}
                validate={() => form.validate({ name: fields.image.name })}
                fileRef={fileRef}
                preview={preview}
                onPreview={setPreview}
                chooseAgain={filesForgotten}
              />
            )}
            <RoastIntensityInput
              idPrefix="upload-intensity"
              defaultValue={sentIntensity ?? pending?.roastIntensity ?? DEFAULT_ROAST_INTENSITY}
            />
            {pending?.extraPhotos ? (
              <p className="text-sm text-muted">
                {counted(pending.extraPhotos, 'more photo is', 'more photos are')} waiting with it; you may add up to{' '}
                {MAX_EXTRA_PHOTOS - pending.extraPhotos} more below.
              </p>
            ) : null}
            <ExtraPhotosInput
              id={fields.photos.id}
              name={fields.photos.name}
              label="More photos (optional)"
              multiple
              errors={fields.photos.errors}
              hint={EXTRA_PHOTOS_HINT}
              chooseAgain={filesForgotten}
              // Told as soon as they are chosen, as the main photo is, by name.
              onChange={() => form.validate({ name: fields.photos.name })}
            />
            {earlier ? <GlowUpParts id={fields.parts.id} earlier={earlier.parts} sent={sent?.parts} errors={form.allErrors} /> : null}
            <TagAndDescriptionFields
              description={{
                props: getTextareaProps(fields.description),
                value: sent?.description === undefined ? '' : String(sent.description),
              }}
              tags={sent ? [sent.tags ?? []].flat().map(String) : []}
              descriptionErrors={fields.description.errors}
              tagErrors={fields.tags.errors}
              ids={{ description: fields.description.id, tags: fields.tags.id }}
            />
            <FieldErrors id={form.errorId} errors={form.errors} />
            {progress === null ? null : (
              <progress
                value={progress}
                max={100}
                aria-label="Upload progress"
                className="h-2 w-full appearance-none overflow-hidden rounded-full bg-line [&::-moz-progress-bar]:bg-neon-cyan [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:bg-neon-cyan"
              />
            )}
            <div className="flex flex-wrap justify-end gap-3">
              <Link to="/" className={buttonClass('quiet', 'md')}>
                Cancel
              </Link>
              <button
                type="submit"
                className={buttonClass('hot', 'md')}
                // Only with JavaScript can the button know the form is incomplete; the server checks either way.
                disabled={busy || (hydrated && (title.trim() === '' || !hasImage))}
              >
                {busy ? busyLabel : label}
              </button>
            </div>
          </Form>
        )}
        <Guidelines />
      </div>
    </div>
  );
}
