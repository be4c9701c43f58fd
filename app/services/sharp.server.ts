import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded on first use. libvips and its codecs cost a process 10–14 MB once
 * loaded (decision 015), which a server only needs once it handles an image (an
 * upload, an avatar, a social card, the jobs): a replica, which never makes one,
 * and a primary that only serves pages never pay it.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps the results of recent operations (up to 50 MB and 100 of them) in case
    // one is asked again; this server never repeats one, so the cache only holds memory.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
