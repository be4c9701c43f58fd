import { Link } from 'react-router';
import { buttonClass } from './button';

/** Previous / next links and where the reader is; plain links, so they work without JavaScript. */
export function Pager({
  page,
  pageCount,
  hrefFor,
  label,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={buttonClass('ghost', 'sm')} rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={buttonClass('ghost', 'sm')} rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
