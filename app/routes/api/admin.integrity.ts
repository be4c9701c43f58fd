import type { Route } from './+types/admin.integrity';
import { integrityOverview } from '~/models/integrity-overview.server';
import { requireApiStaff } from '~/api/request.server';

/** GET /api/admin/integrity: the staff page's findings and discounts, times as ISO strings. */
export function loader(args: Route.LoaderArgs) {
  requireApiStaff(args);
  const { scan, findings, discounts } = integrityOverview();
  return Response.json({
    scan: scan && { scannedAt: scan.scannedAt.toISOString(), durationMs: scan.durationMs },
    findings: findings.map((finding) => ({
      ...finding,
      accounts: finding.accounts.map((account) => ({ ...account, createdAt: account.createdAt.toISOString() })),
    })),
    discounts: discounts.map((discount) => ({ ...discount, createdAt: discount.createdAt.toISOString() })),
  });
}
