import { Stars } from '~/components/stars';
import { counted } from '~/utils/count';

/** A build's rating on one line: stars, average and how many rated it, or "Not rated yet" (never "0.0 · 0 ratings"). */
export function RatingLine({ averageRating, ratingCount }: { averageRating: number; ratingCount: number }) {
  if (ratingCount === 0) return <>Not rated yet</>;
  return (
    <>
      <Stars value={averageRating} />
      {averageRating.toFixed(1)} · {counted(ratingCount, 'rating', 'ratings')}
    </>
  );
}
