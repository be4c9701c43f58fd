import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RegionMarkupProvider, SharedRegion } from '~/components/shared-region';
import { regionInner, regionMarkupStore } from './region-markup';

type Card = { title: string; votes: number };

function Page({ cards, viewer, now }: { cards: Card[]; viewer: string; now: number }) {
  return (
    <main>
      <p>Hello {viewer}</p>
      <SharedRegion name="cards" deps={[cards, now]} className="grid">
        <ul>
          {cards.map((card) => (
            <li key={card.title}>
              <div>
                {card.title} <span>{card.votes}</span> votes, read at {now}
              </div>
            </li>
          ))}
        </ul>
      </SharedRegion>
    </main>
  );
}

/** Renders the page for one request, as entry.server does: React's output, then what it drew is kept. */
function render(store: ReturnType<typeof regionMarkupStore>, element: React.ReactElement, page = '/gallery') {
  const regions = store.forRender(page);
  const html = renderToString(<RegionMarkupProvider value={regions}>{element}</RegionMarkupProvider>);
  regions.keep(Buffer.from(html));
  return { html, counts: { ...regions.counts } };
}

describe('shared regions', () => {
  const cards: Card[] = [
    { title: 'Neon tower', votes: 3 },
    { title: 'Silent <box> & "co"', votes: 1 },
  ];

  it('send the markup drawn for one visitor to the next, who gets the very page a full render makes', () => {
    const store = regionMarkupStore({ maxBytes: 1_000_000 });
    const first = render(store, <Page cards={cards} viewer="alice" now={1} />);
    const second = render(store, <Page cards={cards} viewer="bob" now={1} />);

    expect(first.counts).toEqual({ kept: 0, drawn: 1 });
    expect(second.counts).toEqual({ kept: 1, drawn: 0 });
    expect(second.html).toBe(renderToString(<Page cards={cards} viewer="bob" now={1} />));
    expect(second.html).toContain('Hello <!-- -->bob');
    expect(second.html).not.toContain('alice');
  });

  it('draw again when the data is another object, even an equal one, or a plain dep differs', () => {
    const store = regionMarkupStore({ maxBytes: 1_000_000 });
    render(store, <Page cards={cards} viewer="alice" now={1} />);

    const changed = cards.map((card) => ({ ...card, votes: card.votes + 1 }));
    const afterWrite = render(store, <Page cards={changed} viewer="alice" now={1} />);
    expect(afterWrite.counts).toEqual({ kept: 0, drawn: 1 });
    expect(afterWrite.html).toContain('<span>4</span>');

    const later = render(store, <Page cards={changed} viewer="alice" now={2} />);
    expect(later.counts).toEqual({ kept: 0, drawn: 1 });
    expect(later.html).toContain('read at <!-- -->2');
    // Both moments are kept side by side: plain deps are part of the key.
    expect(render(store, <Page cards={changed} viewer="bob" now={1} />).counts).toEqual({ kept: 1, drawn: 0 });
  });

  it('are kept per page: the same region on another address is drawn for it', () => {
    const store = regionMarkupStore({ maxBytes: 1_000_000 });
    render(store, <Page cards={cards} viewer="alice" now={1} />, '/gallery');
    expect(render(store, <Page cards={cards} viewer="alice" now={1} />, '/gallery?count=24').counts).toEqual({ kept: 0, drawn: 1 });
  });

  it('keep nothing that carries a script, nor two regions of one name', () => {
    const store = regionMarkupStore({ maxBytes: 1_000_000 });
    const scripted = (
      <SharedRegion name="scripted" deps={[]}>
        <script nonce="abc" dangerouslySetInnerHTML={{ __html: '1' }} />
      </SharedRegion>
    );
    render(store, scripted);
    expect(render(store, scripted).counts).toEqual({ kept: 0, drawn: 1 });

    const twice = (
      <>
        <SharedRegion name="twin" deps={[]}>
          <p>one</p>
        </SharedRegion>
        <SharedRegion name="twin" deps={[]}>
          <p>two</p>
        </SharedRegion>
      </>
    );
    render(store, twice);
    expect(render(store, twice).html).toContain('two');
    expect(render(store, twice).counts.kept).toBe(0);
  });

  it('hold no more than their byte budget', () => {
    const store = regionMarkupStore({ maxBytes: 4_000 });
    for (let page = 0; page < 20; page++) render(store, <Page cards={cards} viewer="alice" now={1} />, `/p${page}`);
    const kept = Array.from(
      { length: 20 },
      (_, page) => render(store, <Page cards={cards} viewer="alice" now={1} />, `/p${page}`).counts.kept,
    );
    expect(kept.filter(Boolean).length).toBeLessThan(20);
  });
});

describe('regionInner', () => {
  it('reads the whole inside of the region, nested divs included', () => {
    const html = '<div data-region="a" class="x"><div><div>1</div></div><p>2</p></div><div>after</div>';
    expect(regionInner(html, 'a')).toBe('<div><div>1</div></div><p>2</p>');
    expect(regionInner(html, 'b')).toBeUndefined();
  });
});
