import { createHash } from 'node:crypto';
import { Feed } from 'feed';
import { type CompetitionFeed, competitionFeed, type FeedBuild, memberFeed, siteFeed } from '~/models/feeds.server';
import { buildSocial } from '~/models/social-cards.server';
import { perDataVersion } from '~/models/version-cache.server';
import { env } from '~/services/env.server';
import { competitionFeedPath, memberFeedPath, SITE_FEED_PATH, SITE_FEED_TITLE } from '~/utils/feed-paths';
import { escapeHtml, xmlText } from '~/utils/html';
import { memberPath } from '~/utils/member-path';
import { SITE_NAME, SOCIAL_CARD_SIZE } from '~/utils/meta';
import { buildPath } from '~/utils/build-path';
import { counted } from '~/utils/count';

// The Atom documents (RFC 4287), written by the `feed` library, each read and written once
// per change of the data (the reads in models/feeds.server.ts keep nothing themselves). Its titles, summaries and
// contents are typed "html", so member-written text is escaped into HTML here, and stripped
// of what XML cannot carry, before it goes in.

/** Readers poll: a feed may be kept this long, and is answered 304 when unchanged. */
const FEED_CACHE_CONTROL = 'public, max-age=300';

type Entry = {
  url: string;
  title: string;
  published: Date;
  updated: Date;
  author?: { name: string; url: string };
  summary: string;
  html: string;
};
type Document = { title: string; subtitle: string; page: string; self: string; entries: Entry[] };
type Written = { xml: string; etag: string };

const html = (text: string) => escapeHtml(xmlText(text));
const paragraph = (content: string) => `<p>${content}</p>`;
const link = (href: string, text: string) => `<a href="${html(href)}">${html(text)}</a>`;

function buildEntry(build: FeedBuild, origin: string): Entry {
  const url = `${origin}${buildPath(build.id)}`;
  const social = buildSocial(build, origin);
  const author = { name: `@${build.username}`, url: `${origin}${memberPath(build.username)}` };
  const roast = build.roast
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => paragraph(html(part)));
  const rating =
    build.ratingCount === 0
      ? 'No ratings yet'
      : `${build.averageRating.toFixed(1)}★ from ${counted(build.ratingCount, 'rating', 'ratings')}`;
  const picture = social
    ? paragraph(
        `<a href="${html(url)}"><img src="${html(social.image)}" alt="${html(social.imageAlt)}" width="${SOCIAL_CARD_SIZE.width}" height="${SOCIAL_CARD_SIZE.height}"></a>`,
      )
    : '';
  return {
    url,
    title: build.title,
    published: build.at,
    updated: build.roastedAt > build.at ? build.roastedAt : build.at,
    author,
    summary: social?.description ?? '',
    html: [picture, ...roast, paragraph(`${html(rating)} · by ${link(author.url, author.name)}`)].join(''),
  };
}

function resultsEntry(feed: CompetitionFeed, page: string, origin: string): Entry | null {
  const { competition, results } = feed;
  if (!results) return null;
  const named = (username: string, build: { id: number; title: string } | null) =>
    `${link(`${origin}${memberPath(username)}`, `@${username}`)}${build ? ` with ${link(`${origin}${buildPath(build.id)}`, build.title)}` : ''}`;
  const lines = results.winners.map(
    (winner) => `<li>#${winner.placement}: ${named(winner.username, winner.build)}${winner.prize ? ` (${html(winner.prize)})` : ''}</li>`,
  );
  if (results.juryWinner) lines.push(`<li>Jury prize: ${named(results.juryWinner.username, results.juryWinner.build)}</li>`);
  const summary = lines.length > 0 ? `${competition.title} has closed: the results are in.` : `${competition.title} has closed.`;
  return {
    url: `${page}#results`,
    title: `Results: ${competition.title}`,
    published: results.closedAt,
    updated: results.closedAt,
    summary,
    html: paragraph(html(summary)) + (lines.length > 0 ? `<ol>${lines.join('')}</ol>` : ''),
  };
}

function write(document: Document): Written {
  const newest = document.entries.reduce<Date | null>((latest, entry) => (latest && latest > entry.updated ? latest : entry.updated), null);
  const feed = new Feed({
    id: document.self,
    title: xmlText(document.title),
    description: xmlText(document.subtitle),
    link: document.page,
    feedLinks: { atom: document.self },
    updated: newest ?? new Date(),
    generator: false,
    copyright: '',
  });
  for (const entry of document.entries) {
    feed.addItem({
      id: entry.url,
      link: entry.url,
      title: html(entry.title),
      date: entry.updated,
      published: entry.published,
      description: html(entry.summary),
      content: entry.html,
      author: entry.author ? [{ name: xmlText(entry.author.name), link: entry.author.url }] : undefined,
    });
  }
  const xml = feed.atom1();
  return { xml, etag: `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"` };
}

/** The site's feed; written once per change of the data, as every reader gets the same. */
export const siteFeedDocument = perDataVersion(
  (_which: 'site'): Written => {
    const origin = env().PUBLIC_ORIGIN;
    return write({
      title: SITE_FEED_TITLE,
      subtitle: 'The newest PC builds on RigRoast, with their roasts.',
      page: `${origin}/gallery`,
      self: `${origin}${SITE_FEED_PATH}`,
      entries: siteFeed().map((build) => buildEntry(build, origin)),
    });
  },
  { max: 1 },
);

/** A member's feed, by their id and their name now (the page's lookup gives both). */
export const memberFeedDocument = perDataVersion((key: `${number}/${string}`): Written => {
  const slash = key.indexOf('/');
  const userId = Number(key.slice(0, slash));
  const username = key.slice(slash + 1);
  const origin = env().PUBLIC_ORIGIN;
  return write({
    title: `@${username} on ${SITE_NAME}`,
    subtitle: `The newest builds of @${username} on RigRoast.`,
    page: `${origin}${memberPath(username)}`,
    self: `${origin}${memberFeedPath(username)}`,
    entries: memberFeed(userId).map((build) => buildEntry(build, origin)),
  });
});

/** A competition's feed: its results first once closed, then its latest entries; null for no such competition. */
export const competitionFeedDocument = perDataVersion((competitionId: number): Written | null => {
  const feed = competitionFeed(competitionId);
  if (!feed) return null;
  const origin = env().PUBLIC_ORIGIN;
  const page = `${origin}/competitions/${feed.competition.id}`;
  const results = resultsEntry(feed, page, origin);
  return write({
    title: `${feed.competition.title} · ${SITE_NAME} competition`,
    subtitle: feed.competition.theme,
    page,
    self: `${origin}${competitionFeedPath(feed.competition.id)}`,
    entries: [...(results ? [results] : []), ...feed.builds.map((build) => buildEntry(build, origin))],
  });
});

/** A feed as its reader gets it: 304 when the reader's copy is this one. */
export function feedResponse(request: Request, { xml, etag }: Written): Response {
  const headers = { 'Content-Type': 'application/atom+xml; charset=utf-8', 'Cache-Control': FEED_CACHE_CONTROL, ETag: etag };
  const held = request.headers.get('If-None-Match');
  if (held && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : xml, { headers });
}

/** No such member or competition: a plain 404, as readers expect from a feed address. */
export const feedNotFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
