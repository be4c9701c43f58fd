import type { Route } from './+types/admin.user-rating-discount';
import { onlyMethod, writeOnly } from '~/api/admin.server';
import { ratingDiscountBody } from '~/api/contract/integrity';
import { apiError, pathId, readJson, requireApiStaff } from '~/api/request.server';
import { DISCOUNT_REFUSALS, setRatingDiscount } from '~/models/rating-discounts.server';

const STATUS = {
  forbidden: 403,
  own_account: 403,
  not_found: 404,
  no_reason: 400,
  reason_too_long: 400,
  already: 409,
  not_discounted: 409,
} as const;

/** PATCH /api/admin/users/{userId}/rating-discount {discounted, reason}: the staff page's discount and restore. */
export const loader = writeOnly('PATCH');

export async function action(args: Route.ActionArgs) {
  onlyMethod(args.request, 'PATCH');
  const staff = requireApiStaff(args);
  const userId = pathId(args.params.id, 'User not found');
  const { discounted, reason } = await readJson(args.request, ratingDiscountBody);
  const result = setRatingDiscount(staff, userId, { discount: discounted, reason });
  if (!result.ok) return apiError(STATUS[result.reason], DISCOUNT_REFUSALS[result.reason]);
  return Response.json({ message: discounted ? 'Ratings discounted' : 'Ratings restored' });
}
