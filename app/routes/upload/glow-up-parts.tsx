import { FieldErrors, inputClass } from '~/components/ui/field';
import { MAX_BUILD_PARTS, PART_CATEGORIES, PART_NAME_MAX, type PartCategory, partCategoryLabel } from '~/domain/build-parts';
import { GLOW_UP_BLANK_PARTS } from '~/utils/schemas';
import { fieldPlace } from '~/utils/places';

type Row = { category?: string; name?: string };

/** The rows the form shows: what was sent when the form came back refused, else the earlier parts, then empty rows. */
function partRows(earlier: readonly { category: PartCategory; name: string }[], sent: unknown): Row[] {
  const rows: Row[] = Array.isArray(sent)
    ? sent.map((row: unknown) => {
        const { category, name } = (row ?? {}) as Record<string, unknown>;
        return { category: typeof category === 'string' ? category : undefined, name: typeof name === 'string' ? name : undefined };
      })
    : [...earlier];
  const kept = rows.slice(0, MAX_BUILD_PARTS + GLOW_UP_BLANK_PARTS);
  const blanks = Math.max(0, Math.min(GLOW_UP_BLANK_PARTS, MAX_BUILD_PARTS + GLOW_UP_BLANK_PARTS - kept.length));
  return [...kept, ...Array.from({ length: blanks }, () => ({}))];
}

/**
 * A glow-up's parts list on the upload form, a row per part: the earlier build's confirmed
 * parts to keep, change or clear, and empty rows to add to. Plain fields, so it works without
 * JavaScript; what changed is told on the glow-up's page and to its roast.
 */
export function GlowUpParts({
  id,
  earlier,
  sent,
  errors,
}: {
  /** The form field's id (`upload-form-parts`), where a refused form lands. */
  id: string;
  earlier: readonly { category: PartCategory; name: string }[];
  /** The rows as sent, when the form came back refused. */
  sent: unknown;
  /** The form's errors by field name (`parts`, `parts[2].name`). */
  errors: Record<string, string[] | undefined>;
}) {
  const rows = partRows(earlier, sent);
  const listErrors = errors.parts;
  return (
    <fieldset id={fieldPlace(id)} className="grid gap-3" aria-describedby={`${id}-hint${listErrors?.length ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-semibold text-ink">Parts list</legend>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {earlier.length > 0
          ? 'Carried over from your earlier build. Change a part you swapped, clear a name to remove it, fill an empty row to add one.'
          : 'Your earlier build had no confirmed parts: list what this rig has now.'}
      </p>
      <ol className="grid gap-2">
        {rows.map((row, index) => {
          const rowErrors = [...(errors[`parts[${index}].category`] ?? []), ...(errors[`parts[${index}].name`] ?? [])];
          const errorId = `${id}-${index}-error`;
          return (
            <li key={index} className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
              <select
                name={`parts[${index}].category`}
                defaultValue={row.category ?? 'other'}
                aria-label={`Part ${index + 1}: category`}
                className={`${inputClass} px-3 py-2`}
              >
                {PART_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {partCategoryLabel(category)}
                  </option>
                ))}
              </select>
              <input
                name={`parts[${index}].name`}
                defaultValue={row.name ?? ''}
                maxLength={PART_NAME_MAX}
                aria-label={`Part ${index + 1}: name`}
                placeholder={row.name === undefined ? 'Add a part, e.g. RX 7800 XT' : undefined}
                className={`${inputClass} py-2`}
                aria-invalid={rowErrors.length > 0 ? true : undefined}
                aria-describedby={rowErrors.length > 0 ? errorId : undefined}
              />
              {rowErrors.length > 0 ? (
                <div className="col-span-full">
                  <FieldErrors id={errorId} errors={rowErrors} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      <FieldErrors id={`${id}-error`} errors={listErrors} />
    </fieldset>
  );
}
