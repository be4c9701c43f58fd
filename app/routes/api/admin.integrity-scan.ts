import type { Route } from './+types/admin.integrity-scan';
import { onlyMethod, writeOnly } from '~/api/admin.server';
import { requireApiStaff } from '~/api/request.server';
import { requestIntegrityScan } from '~/models/vote-integrity.server';

/** POST /api/admin/integrity/scan: the staff page's "Scan now". */
export const loader = writeOnly('POST');

export function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'POST');
  requireApiStaff(args);
  requestIntegrityScan();
  return Response.json({ message: 'Scan queued' });
}
