import { Stars } from '~/components/stars';
import { counted } from '~/utils/count';

/**
 * A build's average to one decimal, "Rated by N user/users" and its stars on the build
 * page (docs/product.md §2); "Not rated yet" before the first rating, not "0.0 · Rated by 0 users".
 */
export function RatingSummary({
  averageRating,
  ratingCount,
  className = '',
}: {
  averageRating: number;
  ratingCount: number;
  className?: string;
}) {
  if (ratingCount === 0) {
    return (
      <section aria-label="Rating" className={`panel p-5 ${className}`}>
        <p className="display text-2xl text-muted">Not rated yet</p>
      </section>
    );
  }
  return (
    <section aria-label="Rating" className={`panel flex items-center justify-between gap-4 p-5 ${className}`}>
      <div>
        <p className="display text-4xl text-flame">{averageRating.toFixed(1)}</p>
        <p className="text-sm text-muted">Rated by {counted(ratingCount, 'user', 'users')}</p>
      </div>
      <Stars value={averageRating} className="size-6" />
    </section>
  );
}
