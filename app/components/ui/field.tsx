import type { InputHTMLAttributes, ReactNode } from 'react';
import { fieldPlace } from '~/utils/places';

export const inputClass =
  'block w-full rounded-lg border border-line bg-void px-4 py-3 text-ink placeholder:text-muted/70 focus:border-neon-cyan focus:outline-none focus:ring-2 focus:ring-neon-cyan/40 aria-invalid:border-danger';

type FieldProps = {
  label: string;
  /** The element id; errors and hints hang off it. */
  id: string;
  errors?: string[];
  hint?: ReactNode;
  children: ReactNode;
};

/** A label, the control, a hint and the control's errors, wired for screen readers. */
export function Field({ label, id, errors, hint, children }: FieldProps) {
  return (
    <div id={fieldPlace(id)} className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="grid gap-1 text-sm text-danger" aria-live="polite">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/**
 * Without JavaScript a refused form comes back as a new page, which a browser shows from
 * the top: this lands it on the first field at fault (its `fieldPlace`), or on the form
 * for a message about the whole form, below the sticky header as every anchor is. A
 * refresh to the page's own address and a fragment only scrolls. With JavaScript the
 * page never left and the form focuses the field itself.
 */
export function LandOnFault({ formId, errors }: { formId: string; errors: Record<string, string[] | undefined> }) {
  const name = Object.keys(errors).find((key) => errors[key]?.length);
  if (name === undefined) return null;
  // A nested field (tags[0]) is shown inside its top-level field's box.
  const field = name.split(/[.[]/)[0];
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`0; url=#${field ? fieldPlace(`${formId}-${field}`) : formId}`} />
    </noscript>
  );
}

/** Props that tie an input to its Field's error and hint. */
export function describedBy(id: string, { errors, hint }: { errors?: string[]; hint?: boolean }) {
  const ids = [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    'aria-invalid': errors?.length ? true : undefined,
    'aria-describedby': ids || undefined,
  } satisfies InputHTMLAttributes<HTMLInputElement>;
}
