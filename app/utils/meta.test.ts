import { describe, expect, it } from 'vitest';
import { pageMeta, socialMeta } from './meta';

const social = {
  title: 'Glass box of regret',
  description: 'Four fans, zero airflow.',
  url: 'https://rigroast.example.com/build/7',
  image: 'https://rigroast.example.com/build/7/card.jpg?v=abc123',
  imageAlt: 'Photo of Glass box of regret on RigRoast (4.3 · 12 ratings)',
};

describe('socialMeta', () => {
  it('gives the OpenGraph and Twitter card tags and the canonical link', () => {
    const tags = socialMeta(social);
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: social.url });
    const content = Object.fromEntries(
      (tags as Record<string, string>[]).filter((tag) => tag.content).map((tag) => [tag.property ?? tag.name, tag.content]),
    );
    expect(content).toEqual({
      'og:type': 'website',
      'og:site_name': 'RigRoast',
      'og:title': social.title,
      'og:description': social.description,
      'og:url': social.url,
      'og:image': social.image,
      'og:image:type': 'image/jpeg',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': social.imageAlt,
      'twitter:card': 'summary_large_image',
      'twitter:title': social.title,
      'twitter:description': social.description,
      'twitter:image': social.image,
      'twitter:image:alt': social.imageAlt,
    });
  });

  it('goes after pageMeta without repeating its title or description', () => {
    const tags = [...pageMeta(social.title, social.description), ...socialMeta(social)];
    expect(tags.filter((tag) => 'title' in tag)).toHaveLength(1);
    expect(tags.filter((tag) => 'name' in tag && tag.name === 'description')).toHaveLength(1);
  });
});
