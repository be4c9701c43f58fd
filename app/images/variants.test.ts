import { describe, expect, it } from 'vitest';
import { widestSource } from './variants';

describe('widestSource', () => {
  it('finds the widest file a srcset offers, whatever the order', () => {
    expect(widestSource('/a-320.webp 320w, /a-1600.webp 1600w, /a-1080.webp 1080w')).toEqual({ url: '/a-1600.webp', width: 1600 });
    expect(widestSource('/only.jpg 640w')).toEqual({ url: '/only.jpg', width: 640 });
  });

  it('answers null for a set with no width to go by', () => {
    expect(widestSource('')).toBeNull();
    expect(widestSource('/a.jpg 2x')).toBeNull();
  });
});
