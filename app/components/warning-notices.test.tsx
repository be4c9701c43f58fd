// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { WarningNotices } from './warning-notices';

afterEach(cleanup);

function renderWarnings(message: string) {
  const Stub = createRoutesStub([
    { path: '/build/1', Component: () => <WarningNotices warnings={[{ id: 7, message, createdAt: new Date('2026-11-20T10:00:00Z') }]} /> },
  ]);
  render(<Stub initialEntries={['/build/1']} />);
  return screen.getByRole('alert');
}

describe('a warning above every page', () => {
  it('shows a short warning whole, with its acknowledgement', () => {
    const notice = renderWarnings('Roast the rig, not the person.');
    expect(notice.textContent).toContain('Roast the rig, not the person.');
    expect(within(notice).queryByText('Read the warning')).toBeNull();
    within(notice).getByRole('button', { name: 'I understand' });
  });

  it('folds a long warning behind "Read the warning", so it cannot fill a phone screen above the page', () => {
    const message = `First, the short of it: keep it civil.\n${'https://example.com/'.padEnd(300, 'x')} ${'and more words '.repeat(40)}`;
    const notice = renderWarnings(message);
    const fold = notice.querySelector('details');
    expect(fold).not.toBeNull();
    expect(fold!.open).toBe(false);
    within(fold!).getByText('Read the warning');
    // The whole message is inside the fold, read in full once it is opened.
    expect(fold!.textContent).toContain(message.slice(-60).trim());
    within(notice).getByRole('button', { name: 'I understand' });
  });
});
