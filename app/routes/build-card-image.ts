import type { Route } from './+types/build-card-image';
import { buildCardImage } from '~/models/social-cards.server';
import { positiveInt } from '~/utils/query';

/**
 * A listed build's social card (its og:image). Pages link it as `?v=<version>`,
 * a hash of everything drawn on it: that URL always means the same picture, so
 * it is cached for good. Without it, or with an old version (a preview made
 * before the last rating), the current card is sent for an hour.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const id = positiveInt(params.id);
  const card = id === null ? null : await buildCardImage(id);
  if (!card) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  const current = new URL(request.url).searchParams.get('v') === card.version;
  return new Response(new Uint8Array(card.bytes), {
    headers: {
      'Content-Type': 'image/jpeg',
      'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    },
  });
}
