import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Marks the place the address's #fragment names (a comment a notification or a post
 * led to) as the linked one, `data-linked`, for app.css to outline. Without JavaScript
 * the browser's :target does it; client-side navigation never moves :target, so once
 * the page runs this does, on every navigation. It opens any folded thread the place
 * is in first: it runs before React Router scrolls to the fragment (root.tsx draws it
 * ahead of ScrollRestoration).
 */
export function LinkedPlace() {
  const { hash, key } = useLocation();
  useLayoutEffect(() => {
    const place = placeNamed(hash);
    if (!place) return;
    for (let fold = place.closest('details'); fold; fold = fold.parentElement?.closest('details') ?? null) fold.open = true;
    place.dataset.linked = '';
    return () => {
      delete place.dataset.linked;
    };
  }, [hash, key]);
  return null;
}

function placeNamed(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    // Not a place's name (a malformed %-escape): nothing to mark.
    return null;
  }
}
