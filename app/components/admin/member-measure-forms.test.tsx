// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MeasureForms } from './member-measure-forms';

afterEach(cleanup);

describe("the staff's forms on a member's page", () => {
  it('send one post however often the button is pressed while it is on its way', async () => {
    const posts: string[] = [];
    let answer: (value: null) => void = () => {};
    const Stub = createRoutesStub([
      {
        path: '/admin/users/5',
        Component: () => <MeasureForms suspension={null} lastIntent={null} lastResult={null} />,
        action: async ({ request }) => {
          posts.push(String((await request.formData()).get('intent')));
          return new Promise<null>((resolve) => (answer = resolve));
        },
      },
    ]);
    render(<Stub initialEntries={['/admin/users/5']} />);
    fireEvent.change(screen.getByLabelText('Note (staff only)'), { target: { value: 'Asked twice about the same photo' } });
    const save = screen.getByRole('button', { name: 'Save note' });
    fireEvent.click(save);
    await waitFor(() => expect(posts).toEqual(['note']));

    // Disabled once the page has drawn the post on its way, which a second press finds.
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
    fireEvent.click(save);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(posts).toEqual(['note']);

    await act(async () => answer(null));
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
  });
});
