import { Form } from 'react-router';
import type { PartRefusal } from './actions.server';
import { buttonClass } from '~/components/ui/button';
import { FieldErrors, inputClass } from '~/components/ui/field';
import { type BuildPart, MAX_BUILD_PARTS, PART_CATEGORIES, PART_NAME_MAX, partCategoryLabel } from '~/domain/build-parts';
import { PLACES } from '~/utils/places';

type Refusal = PartRefusal | null;

/** A category and a name, the fields every part form sends. */
function PartFields({ idPrefix, part, error }: { idPrefix: string; part?: Pick<BuildPart, 'category' | 'name'>; error?: string }) {
  const errorId = `${idPrefix}-error`;
  return (
    <>
      <label className="grid gap-1 text-xs font-semibold text-muted">
        Category
        <select name="category" defaultValue={part?.category ?? 'GPU'} className={`${inputClass} py-2`}>
          {PART_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {partCategoryLabel(category)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-xs font-semibold text-muted">
        Name
        <input
          name="name"
          defaultValue={part?.name ?? ''}
          maxLength={PART_NAME_MAX}
          placeholder="e.g. Noctua NH-D15"
          className={`${inputClass} py-2`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      {error ? (
        <div className="sm:col-span-full">
          <FieldErrors id={errorId} errors={[error]} />
        </div>
      ) : null}
    </>
  );
}

/**
 * The parts list for its owner: the AI's proposals to confirm (as they are or corrected)
 * or remove, the confirmed ones to correct or remove, and a form to add one.
 */
export function PartsEditor({ parts, refusal }: { parts: BuildPart[]; refusal: Refusal }) {
  const proposed = parts.filter((part) => part.status === 'proposed').length;
  return (
    <section id={PLACES.parts} aria-labelledby="parts-edit-title" className="panel grid gap-5 p-5 sm:p-6">
      <div className="grid gap-1">
        <h2 id="parts-edit-title" className="display text-xl">
          Parts
        </h2>
        <p className="text-sm text-muted">
          {proposed > 0
            ? 'The AI guessed these from your photo and title. Confirm what is right, correct what is not, remove the rest: only confirmed parts show on your build and feed its roasts.'
            : `Confirmed parts show on your build page as a table, and the next roast takes them as facts. Up to ${MAX_BUILD_PARTS}.`}
        </p>
      </div>
      {parts.length > 0 ? (
        <ul className="grid gap-3" aria-label="Your parts">
          {parts.map((part) => (
            <li key={part.id} className="grid gap-2 rounded-xl border border-line p-3" data-testid="part-row">
              <p className="text-xs font-bold uppercase tracking-wide">
                {part.status === 'proposed' ? (
                  <span className="text-flame">Proposed by the AI</span>
                ) : (
                  <span className="text-neon-cyan">Confirmed</span>
                )}
              </p>
              <Form method="post" preventScrollReset className="grid gap-2 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end">
                <input type="hidden" name="intent" value="save-part" />
                <input type="hidden" name="partId" value={part.id} />
                <PartFields idPrefix={`part-${part.id}`} part={part} error={refusal?.form === part.id ? refusal.message : undefined} />
                <button type="submit" className={buttonClass(part.status === 'proposed' ? 'primary' : 'ghost', 'sm', 'min-h-11')}>
                  {part.status === 'proposed' ? 'Confirm' : 'Save'}
                  <span className="sr-only"> {part.name}</span>
                </button>
              </Form>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="remove-part" />
                <input type="hidden" name="partId" value={part.id} />
                <button type="submit" className="text-sm font-semibold text-muted hover:text-danger">
                  Remove <span className="sr-only">{part.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {parts.length < MAX_BUILD_PARTS ? (
        <Form
          method="post"
          preventScrollReset
          className="grid gap-2 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end"
          aria-label="Add a part"
        >
          <input type="hidden" name="intent" value="save-part" />
          <PartFields idPrefix="part-new" error={refusal?.form === 'new' ? refusal.message : undefined} />
          <button type="submit" className={buttonClass('primary', 'sm', 'min-h-11')}>
            Add part
          </button>
        </Form>
      ) : null}
    </section>
  );
}
