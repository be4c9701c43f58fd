import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';

/** The 404 page (spec §2), for unknown paths and unknown records alike. */
export function NotFound() {
  return (
    <section className="mx-auto grid max-w-2xl place-items-center px-4 py-24 text-center">
      <p aria-hidden="true" className="display text-gradient text-8xl sm:text-9xl">
        404
      </p>
      <h1 className="display mt-4 text-2xl sm:text-3xl">404 Page Not Found</h1>
      <p className="mt-3 text-muted">Did you forget to add the page to the router?</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass('primary', 'md')}>
          Back to Home
        </Link>
        <Link to="/gallery" className={buttonClass('ghost', 'md')}>
          Browse the gallery
        </Link>
      </div>
    </section>
  );
}
