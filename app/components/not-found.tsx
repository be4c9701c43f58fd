import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import type { Missing } from '~/utils/not-found';

const texts: Record<Missing, { title: string; text: string }> = {
  // The heading is "404 Page Not Found" (docs/product.md §8; the big number is its start); the old spec's
  // line "Did you forget to add the page to the router?" spoke to developers, not visitors.
  page: { title: 'Page Not Found', text: 'There is no page at this address. The link may be mistyped, or the page has moved.' },
  build: { title: 'Build not found', text: 'This build does not exist or was taken down.' },
  photo: { title: 'Photo not found', text: 'This build has no photo at this address, or it is not shown yet.' },
  competition: { title: 'Competition not found', text: 'This competition does not exist or was removed.' },
};

/** The 404 page (product §2), for unknown paths and unknown records alike, saying which is missing. */
export function NotFound({ missing = 'page' }: { missing?: Missing }) {
  const { title, text } = texts[missing];
  return (
    <section className="mx-auto grid max-w-2xl place-items-center px-4 py-24 text-center">
      {/* One heading: the big number is said once, as its first word. */}
      <h1 className="display grid gap-4 text-2xl sm:text-3xl">
        <span className="text-gradient text-8xl sm:text-9xl">404</span> <span>{title}</span>
      </h1>
      <p className="mt-3 text-muted">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass('primary', 'md')}>
          Back to Home
        </Link>
        <Link to={missing === 'competition' ? '/competitions' : '/gallery'} className={buttonClass('ghost', 'md')}>
          {missing === 'competition' ? 'See the competitions' : 'Browse the gallery'}
        </Link>
      </div>
    </section>
  );
}
