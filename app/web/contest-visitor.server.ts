import { clientAddressOf } from './client-address.server';
import { markPersonal } from './render-reading.server';

/**
 * Who a visitor is for contest mode's shuffled order: a member by their id; a
 * guest by their network (the address the host trusts, cut as rate limits cut it),
 * so a guest needs no cookie of their own. Reading it makes the render personal:
 * its response is marked private and the page cache never keeps it as everyone's
 * page, which would give every guest one order.
 */
export function contestVisitor(request: Request, viewer: { id: number } | null): string {
  if (viewer) return `member:${viewer.id}`;
  markPersonal();
  return `guest:${clientAddressOf(request)}`;
}
