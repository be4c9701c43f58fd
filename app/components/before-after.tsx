import { useState } from 'react';
import { ResponsiveImage } from '~/components/responsive-image';
import { useHydrated } from '~/components/use-hydrated';
import type { ImageSources } from '~/images/variants';

export type BeforeAfterPhoto = { image: ImageSources | null; alt: string; caption: string };

function Photo({ photo, sizes, className }: { photo: BeforeAfterPhoto; sizes: string; className: string }) {
  return photo.image ? (
    <ResponsiveImage image={photo.image} alt={photo.alt} sizes={sizes} className={className} />
  ) : (
    <div role="img" aria-label={photo.alt} className={`${className} bg-line`} />
  );
}

/**
 * A glow-up's two photos (decision 028). With JavaScript, stacked, the later one over the
 * earlier, and a range input (the arrow keys step it) moves where one gives way to the
 * other; without it, side by side. Each keeps its caption and its alt text either way.
 */
export function BeforeAfter({ before, after }: { before: BeforeAfterPhoto; after: BeforeAfterPhoto }) {
  const hydrated = useHydrated();
  // How much of the width, in percent from the left, shows the earlier photo.
  const [split, setSplit] = useState(50);
  if (!hydrated) {
    return (
      <div className="grid grid-cols-2 gap-3">
        {[before, after].map((photo, index) => (
          <figure key={index} className="grid content-start gap-2">
            <Photo photo={photo} sizes="(min-width: 1024px) 20rem, 50vw" className="aspect-[4/3] w-full rounded-xl object-cover" />
            <figcaption className="text-xs text-muted">{photo.caption}</figcaption>
          </figure>
        ))}
      </div>
    );
  }
  return (
    <figure className="grid gap-3">
      <div className="relative aspect-[4/3] overflow-hidden rounded-xl bg-line">
        <div className="absolute inset-0">
          <Photo photo={before} sizes="(min-width: 1024px) 40rem, 100vw" className="h-full w-full object-cover" />
        </div>
        <div className="absolute inset-0" style={{ clipPath: `inset(0 0 0 ${split}%)` }}>
          <Photo photo={after} sizes="(min-width: 1024px) 40rem, 100vw" className="h-full w-full object-cover" />
        </div>
        <div
          aria-hidden="true"
          className="absolute inset-y-0 w-0.5 bg-ink shadow-[0_0_0_1px_rgb(0_0_0/0.5)]"
          style={{ left: `${split}%` }}
        />
        <span aria-hidden="true" className="absolute top-2 left-2 rounded-full bg-void/80 px-2 py-0.5 text-xs font-semibold">
          Before
        </span>
        <span aria-hidden="true" className="absolute top-2 right-2 rounded-full bg-void/80 px-2 py-0.5 text-xs font-semibold">
          After
        </span>
      </div>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={split}
        onChange={(event) => setSplit(Number(event.currentTarget.value))}
        aria-label="Compare before and after"
        aria-valuetext={`${split}% before, ${100 - split}% after`}
        className="w-full accent-neon-cyan"
      />
      <figcaption className="flex justify-between gap-4 text-xs text-muted">
        <span>{before.caption}</span>
        <span className="text-right">{after.caption}</span>
      </figcaption>
    </figure>
  );
}
