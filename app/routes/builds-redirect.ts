import { redirect } from 'react-router';
import type { Route } from './+types/builds-redirect';

// Old links used /builds/{id}; the build page lives at /build/{id}.
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/build/${encodeURIComponent(params.id)}`, 301);
}
