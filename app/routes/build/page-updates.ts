import { buildPageHref, type BuildPageQuery } from '~/utils/page-query';
import { atPlace, commentPlace } from '~/utils/places';

/** What the build page is waiting for: its roast, the AI model's roast its owner asked for, or RoastBot's reply to the viewer in a thread. */
export type Awaited = { kind: 'roast' } | { kind: 'model' } | { kind: 'reply'; threadId: number };

/**
 * The page updating itself while it waits (docs/using-the-site.md): with JavaScript it
 * reads its data again every few seconds; without, a meta refresh reloads it. A reload the
 * visitor cannot stop fails WCAG 2.2.1 (a screen reader starts the page again, a half-typed
 * comment is lost), so the page says it updates, with a link that stops it (`?updates=off`,
 * kept by the page's own links), and, stopped, links that check again and resume.
 */
export type PageUpdates = {
  waitsFor: Awaited['kind'];
  /**
   * Where the page says so, where its reload lands: at RoastBot's thread (the reload
   * names it), else at the top of the page (a reload starts there; on a phone the roast
   * box is screens below, out of reach in the seconds before the next one).
   */
  thread: number | null;
  /** The page updates itself: the visitor has not stopped it. */
  on: boolean;
  /** Where the meta refresh goes while on; null: the page's own address as it is, without its fragment (the component knows it). */
  reload: string | null;
  /** The page as it is, not updating itself. */
  stop: string;
  /** The page again, still not updating itself: where its reload would go. */
  check: string;
  /** The page as it is, updating itself again. */
  resume: string;
};

/**
 * The links of the page waiting for `awaited`, or null when it waits for nothing.
 * A link to the very address a page is on with a #fragment only scrolls there, so a
 * reload that lands on RoastBot's thread alternates between the page's two views of
 * its comments; the others name no fragment.
 */
export function pageUpdates(buildId: number, view: BuildPageQuery, awaited: Awaited | null): PageUpdates | null {
  if (!awaited) return null;
  const on = view.updates === 'on';
  const stop = buildPageHref(buildId, { ...view, updates: 'off' });
  const resume = buildPageHref(buildId, { ...view, updates: 'on' });
  if (awaited.kind !== 'reply') return { waitsFor: awaited.kind, thread: null, on, reload: null, stop, check: stop, resume };
  const thread = commentPlace(awaited.threadId);
  const again = (updates: BuildPageQuery['updates']) =>
    atPlace(buildPageHref(buildId, { comments: view.comments === 'all' ? 'first' : 'all', sort: view.sort, updates }), thread);
  return {
    waitsFor: 'reply',
    thread: awaited.threadId,
    on,
    reload: again('on'),
    stop: atPlace(stop, thread),
    check: again('off'),
    resume: atPlace(resume, thread),
  };
}
