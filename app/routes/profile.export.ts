import type { Route } from './+types/profile.export';
import { startAccountExport } from '~/models/account-export.server';
import { downloadResponse } from '~/web/download.server';
import { requireUser } from '~/web/session.server';
import { redirectWithToast } from '~/web/toast.server';

/** GET /profile/export: "Download my data", the member's archive behind a plain link; a refusal goes back to the settings. */
export function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const started = startAccountExport(user.id);
  if (!started.ok) {
    return redirectWithToast('/profile?tab=settings', { kind: 'error', title: 'Download not started', description: started.message });
  }
  return downloadResponse({ ...started, contentType: 'application/zip' });
}
