import type { MetaDescriptor } from 'react-router';

export const SITE_NAME = 'RigRoast';

/** The size of a social card image: what OpenGraph and Twitter's summary_large_image expect (1.91:1). */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 } as const;

/** The <title> and description of a page, in the shape React Router's `meta` export returns. */
export function pageMeta(title: string, description: string) {
  return [{ title: title === SITE_NAME ? title : `${title} · ${SITE_NAME}` }, { name: 'description', content: description }];
}

/** What a link preview shows; `url` and `image` are absolute, as crawlers need. */
export type SocialMeta = { title: string; description: string; url: string; image: string; imageAlt: string };

/**
 * OpenGraph and Twitter card tags and the canonical link of a page worth
 * sharing, to go after pageMeta: `[...pageMeta(…), ...socialMeta(…)]`. The
 * image is a social card (SOCIAL_CARD_SIZE, JPEG).
 */
export function socialMeta({ title, description, url, image, imageAlt }: SocialMeta): MetaDescriptor[] {
  return [
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: 'image/jpeg' },
    { property: 'og:image:width', content: String(SOCIAL_CARD_SIZE.width) },
    { property: 'og:image:height', content: String(SOCIAL_CARD_SIZE.height) },
    { property: 'og:image:alt', content: imageAlt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: imageAlt },
  ];
}
