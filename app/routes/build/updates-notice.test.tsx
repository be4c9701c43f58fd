// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPageQuery } from '~/utils/page-query';
import { type Awaited, pageUpdates } from './page-updates';
import { UpdatesNotice } from './updates-notice';

afterEach(cleanup);

function renderNotice(query: string, awaited: Awaited, says?: boolean) {
  const updates = pageUpdates(7, buildPageQuery(new URLSearchParams(query)), awaited)!;
  const Stub = createRoutesStub([{ path: '/build/7', Component: () => <UpdatesNotice updates={updates} says={says} /> }]);
  render(<Stub initialEntries={[`/build/7?${query}`]} />);
  return screen.getByText(/This page updates|Updates paused/).closest('p')!;
}

const links = (notice: HTMLElement) => [...notice.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);

describe('the notice of a page that updates itself', () => {
  it('says what it waits for and that the page updates, with a link that stops it', () => {
    const notice = renderNotice('', { kind: 'roast' });
    expect(notice.textContent).toContain('The AI roast is on its way. This page updates every few seconds.');
    expect(links(notice)).toEqual([['Stop updating', '/build/7?updates=off']]);
  });

  it('stopped, says so, with links that check again and resume', () => {
    const notice = renderNotice('updates=off', { kind: 'model' });
    expect(notice.textContent).toContain("The AI model's roast is on its way. Updates paused.");
    expect(links(notice)).toEqual([
      ['Check again', '/build/7?updates=off'],
      ['Resume updates', '/build/7'],
    ]);
  });

  it("beside RoastBot's own word in its thread, says only what the page does", () => {
    const notice = renderNotice('updates=off', { kind: 'reply', threadId: 40 }, false);
    expect(notice.textContent).toMatch(/^Updates paused\./);
    expect(links(notice)).toEqual([
      ['Check again', '/build/7?comments=all&updates=off#comment-40'],
      ['Resume updates', '/build/7#comment-40'],
    ]);
  });
});
