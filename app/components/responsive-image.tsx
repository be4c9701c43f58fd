import type { CSSProperties } from 'react';
import type { ImageSources } from '~/images/variants';

type ResponsiveImageProps = {
  image: ImageSources;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn, e.g. `(min-width: 768px) 33vw, 100vw`. */
  sizes: string;
  /** For the image most likely to be the largest paint: loaded at once and first. */
  priority?: boolean;
  className?: string;
};

function placeholderStyle(placeholder: string): CSSProperties | undefined {
  if (!placeholder) return undefined;
  return {
    backgroundImage: `url("${placeholder}")`,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
    backgroundRepeat: 'no-repeat',
  };
}

/**
 * Once the image is in, the placeholder would still show through its
 * transparent pixels, so it is taken away; without JavaScript it simply stays.
 */
function dropPlaceholderOnceLoaded(img: HTMLImageElement | null) {
  if (!img) return;
  const drop = () => {
    img.style.backgroundImage = 'none';
  };
  if (img.complete && img.naturalWidth > 0) {
    drop();
    return;
  }
  img.addEventListener('load', drop, { once: true });
  return () => img.removeEventListener('load', drop);
}

/**
 * A stored image as `<picture>`: AVIF, then WebP, then the JPEG `<img>`, each
 * with every width so the browser picks by `sizes`. The blurred placeholder is
 * the img's background, painted with the HTML before any image byte arrives.
 */
export function ResponsiveImage({ image, alt, sizes, priority = false, className }: ResponsiveImageProps) {
  return (
    // Block-level, so the picture is exactly as tall as its image (no inline line gap).
    <picture className="block h-full">
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        ref={dropPlaceholderOnceLoaded}
        src={image.src}
        srcSet={image.srcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className={className}
        style={placeholderStyle(image.placeholder)}
      />
    </picture>
  );
}
