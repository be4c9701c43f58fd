/** A read-only 0–5 star rating, e.g. 4.3 fills four and a third stars. */
export function Stars({ value, className = 'size-4' }: { value: number; className?: string }) {
  const rounded = Math.round(value * 10) / 10;
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Rated ${rounded.toFixed(1)} out of 5`}>
      {[0, 1, 2, 3, 4].map((index) => {
        const fill = Math.min(1, Math.max(0, value - index));
        return (
          <svg key={index} viewBox="0 0 20 20" className={className} aria-hidden="true">
            <path d={STAR} fill="var(--color-line)" />
            {fill > 0 ? <path d={STAR} fill="var(--color-flame)" style={{ clipPath: `inset(0 ${(1 - fill) * 100}% 0 0)` }} /> : null}
          </svg>
        );
      })}
    </span>
  );
}

const STAR = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z';
