// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorPage } from './error-page';

afterEach(cleanup);

const show = (status: number, text?: string) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <ErrorPage status={status} text={text} /> }])} />);

describe('ErrorPage', () => {
  it('says what a refusal of the server means, never that something failed and was logged', () => {
    for (const [status, title] of [
      [408, 'Too slow'],
      [413, 'Too large'],
      [415, 'Not sent as a form'],
      [429, 'Slow down'],
      [503, 'RigRoast is busy'],
    ] as const) {
      show(status);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      expect(document.body.textContent).not.toMatch(/logged/);
      cleanup();
    }
  });

  it('shows the refusal’s own words where it gave them, and an unknown failure as one', () => {
    show(413, 'The form has too many fields: at most 100.');
    expect(screen.getByText('The form has too many fields: at most 100.')).toBeTruthy();
    cleanup();
    show(500);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something overheated');
  });
});
