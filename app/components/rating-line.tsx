import { Stars } from '~/components/stars';
import { counted } from '~/utils/count';

type Rating = { averageRating: number; ratingCount: number };

/** A build's average and how many rated it, "4.3 · 12 ratings", or "Not rated yet" (never "0.0 · 0 ratings"). */
export function ratingWords({ averageRating, ratingCount }: Rating): string {
  return ratingCount === 0 ? 'Not rated yet' : `${averageRating.toFixed(1)} · ${counted(ratingCount, 'rating', 'ratings')}`;
}

/** A build's rating on one line: its stars, once it has a rating, and ratingWords. */
export function RatingLine(rating: Rating) {
  return (
    <>
      {rating.ratingCount > 0 ? <Stars value={rating.averageRating} /> : null}
      {ratingWords(rating)}
    </>
  );
}
