import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The server's HTML is the whole page and works without JavaScript, so it is
// painted first, with its first images, and hydrated after that: hydrating as
// soon as the modules arrived held the first paint and the largest image back
// (on a phone, by over a second in Lighthouse's simulation). requestAnimationFrame
// runs just before a paint; the timeout, after it. A page opened in the
// background paints nothing until shown: it is hydrated once loaded.
function afterPaint() {
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(hydrate, 0));
  else hydrate();
}

if (document.readyState === 'complete') afterPaint();
else window.addEventListener('load', afterPaint, { once: true });
