// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { RigPhoto } from '~/components/rig-photo';
import { RigTimelines } from './rig-timelines';

afterEach(cleanup);

const build = (id: number, ratingCount: number, averageRating: number): RigPhoto => ({
  id,
  title: `Rig step ${id}`,
  image: null,
  alt: `Photo of rig step ${id}`,
  createdAt: Date.UTC(2026, 10, 20 + id),
  averageRating,
  ratingCount,
});

describe("a member's rig timelines", () => {
  it('counts one rating as one rating, and more as ratings', () => {
    const Stub = createRoutesStub([
      { path: '/u/someone', Component: () => <RigTimelines rigs={[[build(1, 1, 5), build(2, 5, 3), build(3, 0, 0)]]} /> },
    ]);
    render(<Stub initialEntries={['/u/someone']} />);
    const steps = screen.getAllByRole('listitem').map((step) => step.textContent);
    expect(steps[0]).toContain('5.0 average, 1 rating');
    expect(steps[0]).not.toContain('1 ratings');
    expect(steps[1]).toContain('3.0 average, 5 ratings');
    expect(steps[2]).toContain('No ratings yet');
  });
});
