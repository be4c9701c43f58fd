import { data } from 'react-router';
import { NotFound } from '~/components/not-found';
import { pageMeta } from '~/utils/meta';

export const meta = () => pageMeta('404 Page Not Found', 'There is no page at this address.');

export function loader() {
  return data(null, { status: 404 });
}

// Posts to unknown paths get the same 404 rather than a 405.
export function action() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
