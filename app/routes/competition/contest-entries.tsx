import { Link } from 'react-router';
import { LevelBadge } from '~/components/progression/level-badge';
import { MemberLink } from '~/components/member-link';
import { ResponsiveImage } from '~/components/responsive-image';
import { StarInput } from '~/components/star-input';
import type { ImageSources } from '~/images/variants';
import { entryPlace } from '~/utils/places';
import { buildPath } from '~/utils/build-path';
import { counted } from '~/utils/count';

export type ContestEntryData = {
  buildId: number;
  title: string;
  username: string;
  userLevel: number;
  image: ImageSources | null;
  /** What a screen reader says of the photo (domain/photo-alt.ts). */
  imageAlt: string;
  myRating: number | null;
  mine: boolean;
};

type Props = {
  entries: ContestEntryData[];
  /** Ratings are taken here while the competition is open; after its end, until it closes, they would not count. */
  voting: boolean;
  signedIn: boolean;
  juror: boolean;
  back: string;
};

/**
 * Contest mode: the entries as compact cards in the visitor's own order, each with
 * its photo and the star input, so members rate them where they see them. No
 * score, vote count or rank is shown until the competition closes.
 */
export function ContestEntries({ entries, voting, signedIn, juror, back }: Props) {
  return (
    <section aria-labelledby="entries-title">
      <h2 id="entries-title" className="display text-2xl">
        Entries
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-muted">
        Contest mode: scores, vote counts and ranks stay hidden until the competition closes, and the entries are shuffled for each visitor
        (a new order every day), so no entry gains from being seen first. Only stars given during the competition count.
        {juror ? ' You are on the jury: your stars count for the jury prize, not the community vote.' : ''}
      </p>
      {entries.length === 0 ? (
        <p className="panel mt-4 border-dashed p-8 text-center text-muted">No entries yet. Be the first!</p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {entries.map((entry) => (
            <li key={entry.buildId} id={entryPlace(entry.buildId)} className="panel flex flex-col overflow-hidden">
              <div className="relative aspect-[4/3] overflow-hidden bg-void">
                {entry.image ? (
                  <ResponsiveImage
                    image={entry.image}
                    alt={entry.imageAlt}
                    sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
                    className="h-full w-full object-cover"
                  />
                ) : null}
                {/* The title links to the build too: the photo is a larger target, not a second stop for the keyboard. */}
                <Link to={buildPath(entry.buildId)} tabIndex={-1} aria-hidden="true" className="absolute inset-0" />
              </div>
              <div className="grid gap-3 p-4">
                <div className="min-w-0">
                  <h3 className="truncate font-bold">
                    <Link to={buildPath(entry.buildId)} className="underline-offset-4 hover:underline">
                      {entry.title}
                    </Link>
                  </h3>
                  <p className="mt-1 flex items-center gap-2 text-sm">
                    <MemberLink username={entry.username} />
                    <LevelBadge level={entry.userLevel} />
                  </p>
                </div>
                {entry.mine ? (
                  <p className="text-sm text-muted">Your entry: members rate it, you cannot.</p>
                ) : voting ? (
                  <StarInput
                    buildId={entry.buildId}
                    current={entry.myRating}
                    signedIn={signedIn}
                    inPlace={{ action: back, back, title: entry.title }}
                  />
                ) : entry.myRating ? (
                  <p className="text-sm text-muted">You rated it {counted(entry.myRating, 'star', 'stars')}.</p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
