import type { Route } from './+types/user.export';
import { apiError, requireApiUser } from '~/api/request.server';
import { startAccountExport } from '~/models/account-export.server';
import { downloadResponse } from '~/web/download.server';

/** GET /api/user/export: the member's data as a ZIP, as "Download my data" on the settings page. */
export function loader(args: Route.LoaderArgs) {
  const user = requireApiUser(args);
  const started = startAccountExport(user.id);
  if (!started.ok) {
    return apiError(started.status, started.message, undefined, {
      headers: { 'Retry-After': String(Math.ceil(started.retryAfterMs / 1000)) },
    });
  }
  return downloadResponse({ ...started, contentType: 'application/zip' });
}
