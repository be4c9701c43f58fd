import { listRatingDiscounts, type RatingDiscount } from './rating-discounts.server';
import { buildsRatedBy, scoreEffects } from './score-effects.server';
import { latestIntegrityScan } from './vote-integrity.server';
import type { Finding, ScoreEffect } from '~/domain/vote-integrity';

export type IntegrityOverview = {
  scan: { scannedAt: Date; durationMs: number } | null;
  findings: (Finding & { effects: ScoreEffect[] })[];
  discounts: (RatingDiscount & { effects: ScoreEffect[] })[];
};

/**
 * What the staff page and the admin API show: the last scan's findings and every
 * discounted member, each with the affected builds' scores with and without their
 * accounts' ratings. Reads only: the findings were kept by the scan job.
 */
export function integrityOverview(): IntegrityOverview {
  const scan = latestIntegrityScan();
  return {
    scan: scan && { scannedAt: scan.scannedAt, durationMs: scan.durationMs },
    findings: (scan?.findings ?? []).map((finding) => ({
      ...finding,
      effects: scoreEffects(
        finding.accounts.map((account) => account.id),
        finding.buildIds,
      ),
    })),
    discounts: listRatingDiscounts().map((discount) => ({
      ...discount,
      effects: scoreEffects([discount.userId], buildsRatedBy(discount.userId)),
    })),
  };
}
