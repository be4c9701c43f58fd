import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { xml2js } from 'xml-js';
import { builds } from '../../db/schema';
import { competitionFeedDocument, feedResponse, memberFeedDocument, siteFeedDocument } from './atom-feed.server';
import { closeCompetition } from '~/models/competition-closing.server';
import { enterCompetition } from '~/models/competition-entries.server';
import { FEED_LENGTH } from '~/models/feeds.server';
import { unlistBuild } from '~/models/moderation.server';
import { rateBuild } from '~/models/ratings.server';
import { db } from '~/services/db.server';
import { aCompetition, aListedBuild, aMember } from '#tests/support/factories';
import { withScreeningOff } from '#tests/support/screening-off';

withScreeningOff();

const HOUR = 3600_000;

async function aRoastedBuild(values: Parameters<typeof aListedBuild>[0] = {}, roast = 'Nice cable management, shame about the RGB.') {
  const id = await aListedBuild(values);
  db().update(builds).set({ roast, roastedAt: new Date() }).where(eq(builds.id, id)).run();
  return id;
}

type Node = { _text?: string | string[]; _cdata?: string | string[]; _attributes?: Record<string, string> };
const textOf = (node: Node | undefined) => [node?._cdata ?? node?._text ?? ''].flat().join('');
const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The entries of an Atom document as a reader parses them: title and content as HTML, and the link. */
function entriesOf(xml: string) {
  const feed = (xml2js(xml, { compact: true }) as { feed: { entry?: Record<string, Node> | Record<string, Node>[] } }).feed;
  return list(feed.entry).map((entry) => ({
    title: textOf(entry.title),
    link: entry.link!._attributes!.href!,
    content: textOf(entry.content),
  }));
}
const site = () => siteFeedDocument('site').xml;

describe('the site feed', () => {
  it('lists the newest roasted, listed builds with their photo card, roast and maker, newest first', async () => {
    const maker = aMember({ username: 'neon_nora' });
    const older = await aRoastedBuild({ userId: maker.id, title: 'Older rig', at: new Date(Date.now() - 2 * HOUR) });
    const newer = await aRoastedBuild({ title: 'Newer rig', at: new Date(Date.now() - HOUR) }, 'First paragraph.\n\nSecond paragraph.');
    await aListedBuild({ title: 'Still being roasted' });

    const entries = entriesOf(site());
    expect(entries.map((entry) => entry.title)).toEqual(['Newer rig', 'Older rig']);
    expect(entries[0]!.link).toMatch(new RegExp(`/build/${newer}$`));
    expect(entries[0]!.content).toContain('<p>First paragraph.</p><p>Second paragraph.</p>');
    expect(entries[0]!.content).toMatch(new RegExp(`<img src="[^"]*/build/${newer}/card\\.jpg\\?v=[^"]+" alt="[^"]+"`));
    expect(entries[1]!.content).toContain('/u/neon_nora');
    expect(entries[1]!.link).toMatch(new RegExp(`/build/${older}$`));
  });

  it('never carries a build that is not listed, even one listed before', async () => {
    const hidden = await aRoastedBuild({ title: 'Hidden by a moderator' });
    await aRoastedBuild({ title: 'Shown' });
    db().transaction((tx) => unlistBuild(tx, hidden, 'held', 'A moderator hid this build.', new Date()));

    expect(entriesOf(site()).map((entry) => entry.title)).toEqual(['Shown']);
    expect(site()).not.toContain(`/build/${hidden}`);
  });

  it(`carries the newest ${FEED_LENGTH}`, async () => {
    const maker = aMember();
    for (let n = 0; n < FEED_LENGTH + 2; n++)
      await aRoastedBuild({ userId: maker.id, title: `Rig ${n}`, at: new Date(Date.now() - (100 - n) * HOUR) });
    const titles = entriesOf(site()).map((entry) => entry.title);
    expect(titles).toHaveLength(FEED_LENGTH);
    expect(titles[0]).toBe(`Rig ${FEED_LENGTH + 1}`);
  });

  it('shows member-written text as text: markup is escaped and characters XML cannot carry are dropped', async () => {
    const title = '<b>Bold</b> & "quoted" ]]> \u0001\u0008 rig \u202e';
    await aRoastedBuild({ title }, 'Roast with <script>alert(1)</script> in it\u0000.');
    const xml = site();

    expect([...xml].filter((char) => char.charCodeAt(0) < 0x09)).toEqual([]);
    expect(xml).not.toContain('<script>');
    const [entry] = entriesOf(xml);
    expect(entry!.title).toBe('&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot; ]]&gt;  rig \u202e');
    expect(entry!.content).toContain('Roast with &lt;script&gt;alert(1)&lt;/script&gt; in it.');
  });
});

describe("a member's feed", () => {
  it('lists only their listed builds, under their name now', async () => {
    const maker = aMember({ username: 'rig_maker' });
    await aRoastedBuild({ userId: maker.id, title: 'Mine' });
    await aRoastedBuild({ title: 'Someone else' });

    const xml = memberFeedDocument(`${maker.id}/rig_maker`).xml;
    expect(entriesOf(xml).map((entry) => entry.title)).toEqual(['Mine']);
    expect(xml).toContain('<link rel="self" href="http://localhost');
    expect(xml).toMatch(/\/feeds\/u\/rig_maker\/builds\.atom"/);
  });
});

describe("a competition's feed", () => {
  it('lists its entries while it runs, and leads with the results once closed', async () => {
    const start = Date.now() - 3 * 24 * HOUR;
    const competitionId = aCompetition({
      title: 'Neon Nights',
      prizes: ['Golden Zip Tie'],
      startDate: new Date(start),
      endDate: new Date(Date.now() + HOUR),
    });
    const winner = aMember({ username: 'winner_one' });
    const entry = await aRoastedBuild({ userId: winner.id, title: 'Glow stick', at: new Date(start) });
    await aRoastedBuild({ title: 'Not entered' });
    expect(enterCompetition({ competitionId, userId: winner.id, buildId: entry }).ok).toBe(true);
    for (let n = 0; n < 3; n++) rateBuild({ buildId: entry, userId: aMember().id, rating: 5 });

    expect(entriesOf(competitionFeedDocument(competitionId)!.xml).map((e) => e.title)).toEqual(['Glow stick']);

    expect(closeCompetition(competitionId, undefined, new Date(Date.now() + 2 * HOUR)).ok).toBe(true);
    const [results, ...rest] = entriesOf(competitionFeedDocument(competitionId)!.xml);
    expect(results!.title).toBe('Results: Neon Nights');
    expect(results!.content).toContain('#1: <a href="http://localhost');
    expect(results!.content).toContain('Glow stick</a> (Golden Zip Tie)');
    expect(rest.map((e) => e.title)).toEqual(['Glow stick']);
  });

  it('is null for no such competition', () => {
    expect(competitionFeedDocument(987654)).toBeNull();
  });
});

describe('feedResponse', () => {
  it('answers 304 to a reader whose copy is current, and the feed to any other', async () => {
    await aRoastedBuild();
    const written = siteFeedDocument('site');
    const first = feedResponse(new Request('http://x/feeds/builds.atom'), written);
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Type')).toBe('application/atom+xml; charset=utf-8');
    const etag = first.headers.get('ETag')!;

    expect(feedResponse(new Request('http://x/', { headers: { 'If-None-Match': `W/${etag}` } }), written).status).toBe(304);
    expect(feedResponse(new Request('http://x/', { headers: { 'If-None-Match': '"other"' } }), written).status).toBe(200);
  });
});
