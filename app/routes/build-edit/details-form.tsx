import { getFormProps, getTextareaProps, type SubmissionResult } from '@conform-to/react';
import { Form } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { TagAndDescriptionFields } from '~/components/build-details-fields';
import { FieldErrors } from '~/components/ui/field';
import { usePosting } from '~/components/ui/use-posting';
import { useZodForm } from '~/components/ui/use-zod-form';

export function DetailsForm({
  build,
  lastResult,
}: {
  build: { description: string; tags: readonly string[] };
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useZodForm('buildDetailsSchema', {
    id: 'details-form',
    lastResult,
    defaultValue: { description: build.description, tags: [...build.tags] },
  });
  // After a refusal the form shows what was sent, not what is saved.
  const sent = lastResult?.initialValue;
  const tags = sent ? [sent.tags ?? []].flat().map(String) : build.tags;
  const posting = usePosting('details');
  return (
    <section aria-labelledby="details-title" className="panel grid gap-5 p-5 sm:p-6">
      <h2 id="details-title" className="display text-xl">
        Description and tags
      </h2>
      <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5">
        <input type="hidden" name="intent" value="details" />
        <TagAndDescriptionFields
          description={{ props: getTextareaProps(fields.description), value: String(sent?.description ?? build.description) }}
          tags={tags}
          descriptionErrors={fields.description.errors}
          tagErrors={fields.tags.errors}
          ids={{ description: fields.description.id, tags: fields.tags.id }}
        />
        <FieldErrors id={form.errorId} errors={form.errors} />
        <div className="flex justify-end">
          <button type="submit" className={buttonClass('primary', 'md')} disabled={posting}>
            Save description and tags
          </button>
        </div>
      </Form>
    </section>
  );
}
