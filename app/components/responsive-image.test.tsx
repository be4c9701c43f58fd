// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImageSources } from '~/images/variants';
import { ResponsiveImage } from './responsive-image';

afterEach(() => {
  cleanup();
});

const PLACEHOLDER = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

const image: ImageSources = {
  width: 1700,
  height: 1000,
  placeholder: PLACEHOLDER,
  sources: [
    { type: 'image/avif', srcSet: '/uploads/images/a1.avif 320w, /uploads/images/a2.avif 640w' },
    { type: 'image/webp', srcSet: '/uploads/images/w1.webp 320w, /uploads/images/w2.webp 640w' },
  ],
  src: '/uploads/images/j2.jpg',
  srcSet: '/uploads/images/j1.jpg 320w, /uploads/images/j2.jpg 640w',
};

const SIZES = '(min-width: 768px) 33vw, 100vw';

describe('ResponsiveImage', () => {
  it('renders a picture with AVIF, then WebP, then the JPEG img', () => {
    const { container } = render(<ResponsiveImage image={image} alt="A very blue rig" sizes={SIZES} className="rounded" />);
    const picture = container.querySelector('picture');
    expect(picture).not.toBeNull();
    const sources = [...(picture?.querySelectorAll('source') ?? [])];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources.map((source) => source.getAttribute('srcset'))).toEqual([image.sources[0]?.srcSet, image.sources[1]?.srcSet]);
    expect(sources.every((source) => source.getAttribute('sizes') === SIZES)).toBe(true);

    const img = screen.getByRole('img', { name: 'A very blue rig' });
    expect(img.parentElement).toBe(picture);
    expect(picture?.lastElementChild).toBe(img);
    expect(img.getAttribute('src')).toBe('/uploads/images/j2.jpg');
    expect(img.getAttribute('srcset')).toBe(image.srcSet);
    expect(img.getAttribute('sizes')).toBe(SIZES);
    expect(img.getAttribute('width')).toBe('1700');
    expect(img.getAttribute('height')).toBe('1000');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('class')).toBe('rounded');
  });

  it('loads lazily by default', () => {
    render(<ResponsiveImage image={image} alt="Rig" sizes={SIZES} />);
    const img = screen.getByRole('img', { name: 'Rig' });
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
  });

  it('loads at once and first with priority', () => {
    render(<ResponsiveImage image={image} alt="Rig" sizes={SIZES} priority />);
    const img = screen.getByRole('img', { name: 'Rig' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('paints the placeholder behind the image until it loads', () => {
    render(<ResponsiveImage image={image} alt="Rig" sizes={SIZES} />);
    const img = screen.getByRole<HTMLImageElement>('img', { name: 'Rig' });
    expect(img.style.backgroundImage).toBe(`url("${PLACEHOLDER}")`);
    expect(img.style.backgroundSize).toBe('cover');
    img.dispatchEvent(new Event('load'));
    expect(img.style.backgroundImage).toBe('none');
  });

  it('carries everything in the server-rendered HTML, before any JavaScript runs', () => {
    const html = renderToString(<ResponsiveImage image={image} alt="Rig" sizes={SIZES} priority />);
    expect(html).toMatch(
      /^<picture class="block h-full"><source type="image\/avif" srcSet="[^"]+" sizes="[^"]+"\/><source type="image\/webp"/,
    );
    expect(html).toContain(`background-image:url(&quot;${PLACEHOLDER}&quot;)`);
    expect(html).toContain('background-size:cover');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('loading="eager"');
  });

  it('paints no background for an image without a placeholder, and keeps an empty alt', () => {
    const { container } = render(<ResponsiveImage image={{ ...image, placeholder: '', sources: [] }} alt="" sizes={SIZES} />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('alt')).toBe('');
    expect(img?.getAttribute('style')).toBeNull();
    expect(container.querySelectorAll('source')).toHaveLength(0);
  });
});
