import { describedBy, Field, FieldErrors, inputClass } from '~/components/ui/field';
import { BUILD_TAGS, MAX_BUILD_TAGS } from '~/domain/build-tags';
import { DESCRIPTION_MAX_LENGTH } from '~/domain/builds';

const DESCRIPTION_HINT = `Up to ${DESCRIPTION_MAX_LENGTH} characters. A blank line starts a new paragraph; [text](https://…) or a plain https:// address becomes a link. No other formatting.`;

/** The description textarea (Markdown-lite) and the curated tags, at most five. */
export function TagAndDescriptionFields({
  description,
  tags,
  descriptionErrors,
  tagErrors,
  ids,
}: {
  description: { props: Record<string, unknown>; value: string };
  tags: readonly string[];
  descriptionErrors?: string[];
  tagErrors?: string[];
  ids: { description: string; tags: string };
}) {
  return (
    <>
      <Field label="Description (optional)" id={ids.description} errors={descriptionErrors} hint={DESCRIPTION_HINT}>
        <textarea
          dir="auto"
          {...description.props}
          defaultValue={description.value}
          rows={6}
          maxLength={DESCRIPTION_MAX_LENGTH}
          className={`${inputClass} min-h-32`}
          {...describedBy(ids.description, { errors: descriptionErrors, hint: true })}
        />
      </Field>
      <fieldset className="grid gap-2" aria-describedby={`${ids.tags}-hint`}>
        <legend className="text-sm font-semibold">Tags (optional)</legend>
        <p id={`${ids.tags}-hint`} className="text-xs text-muted">
          Choose at most {MAX_BUILD_TAGS}.
        </p>
        <div className="flex flex-wrap gap-2">
          {BUILD_TAGS.map((tag) => (
            <label
              key={tag.slug}
              className="flex min-h-9 cursor-pointer items-center gap-2 rounded-full border border-line px-3 text-sm has-checked:border-neon-cyan has-checked:text-neon-cyan"
            >
              <input
                type="checkbox"
                name="tags"
                value={tag.slug}
                defaultChecked={tags.includes(tag.slug)}
                className="accent-[var(--color-neon-cyan)]"
              />
              {tag.label}
            </label>
          ))}
        </div>
        <FieldErrors id={`${ids.tags}-error`} errors={tagErrors} />
      </fieldset>
    </>
  );
}
