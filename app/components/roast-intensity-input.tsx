import { ROAST_INTENSITIES, ROAST_INTENSITY_HINTS, ROAST_INTENSITY_LABELS, type RoastIntensity } from '~/domain/roast-intensity';

/** The owner's choice of how hard the roast goes: three labelled radio buttons, a plain form field. */
export function RoastIntensityInput({ defaultValue, idPrefix }: { defaultValue: RoastIntensity; idPrefix: string }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold">Roast intensity</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {ROAST_INTENSITIES.map((intensity) => (
          <label
            key={intensity}
            htmlFor={`${idPrefix}-${intensity}`}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-line bg-panel-2 px-3 py-2 has-[:checked]:border-neon-pink"
          >
            <input
              id={`${idPrefix}-${intensity}`}
              type="radio"
              name="roastIntensity"
              value={intensity}
              defaultChecked={intensity === defaultValue}
              className="mt-1 accent-neon-pink"
            />
            <span className="grid">
              <span className="font-semibold text-ink">{ROAST_INTENSITY_LABELS[intensity]}</span>
              <span className="text-xs text-muted">{ROAST_INTENSITY_HINTS[intensity]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
