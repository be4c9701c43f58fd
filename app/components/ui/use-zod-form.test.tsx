// @vitest-environment jsdom
import { getFormProps, getTextareaProps } from '@conform-to/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as UseZodForm from './use-zod-form';

let useZodForm: typeof UseZodForm.useZodForm;
/**
 * How long a check waits for the schemas, which the hook imports on first use (what these
 * tests are about), each test afresh: on a busy machine that import took longer than the
 * finders' default second.
 */
const SCHEMAS_LOADED = { timeout: 10_000 };
/** What reached the page's own submit handler without being stopped: the posts the router would send, and the button pressed. */
let posted: Record<string, unknown>[];

beforeEach(async () => {
  vi.resetModules();
  posted = [];
  ({ useZodForm } = await import('./use-zod-form'));
});

afterEach(() => {
  cleanup();
  vi.doUnmock('~/utils/schemas');
});

function CommentBox({ shouldValidate = 'onSubmit' }: { shouldValidate?: 'onBlur' | 'onSubmit' }) {
  const [form, fields] = useZodForm('commentSchema', { id: 'comment', shouldValidate });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    posted.push({ ...Object.fromEntries(new FormData(event.currentTarget)), pressed: submitter?.getAttribute('value') });
  };
  return (
    <form {...getFormProps(form)} onSubmit={onSubmit}>
      <label htmlFor={fields.content.id}>Your comment</label>
      <textarea {...getTextareaProps(fields.content)} key={fields.content.key} />
      {fields.content.errors ? <p role="alert">{fields.content.errors.join(' ')}</p> : null}
      <button type="submit" name="intent" value="comment">
        Post
      </button>
    </form>
  );
}

const post = () => fireEvent.click(screen.getByRole('button', { name: 'Post' }));

describe('useZodForm', () => {
  it('does not load the schemas while the page starts', async () => {
    const schemas = vi.fn();
    vi.doMock('~/utils/schemas', async (importOriginal) => {
      schemas();
      return importOriginal();
    });
    render(<CommentBox />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(schemas).not.toHaveBeenCalled();

    fireEvent.focusIn(screen.getByLabelText('Your comment'));
    await waitFor(() => expect(schemas).toHaveBeenCalledOnce(), SCHEMAS_LOADED);
  });

  it('holds a post made before the schema is there, then checks it as before: refused in the browser', async () => {
    render(<CommentBox />);
    post();
    expect(posted).toEqual([]);
    expect(await screen.findByRole('alert', undefined, SCHEMAS_LOADED)).toHaveProperty('textContent', 'Comment cannot be empty');
    expect(posted).toEqual([]);
    // Conform puts the focus on the field at fault.
    expect(document.activeElement).toBe(screen.getByLabelText('Your comment'));
  });

  it('sends a held post once it passes, once, with the button that was pressed', async () => {
    render(<CommentBox />);
    fireEvent.change(screen.getByLabelText('Your comment'), { target: { value: 'Nice cable management' } });
    post();
    post();
    await waitFor(() => expect(posted).toHaveLength(1), SCHEMAS_LOADED);
    expect(posted[0]).toEqual({ content: 'Nice cable management', pressed: 'comment' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(posted).toHaveLength(1);
  });

  it('checks a field left before the schema was there once it is', async () => {
    render(<CommentBox shouldValidate="onBlur" />);
    const field = screen.getByLabelText('Your comment');
    fireEvent.focusIn(field);
    fireEvent.focusOut(field);
    expect(await screen.findByRole('alert', undefined, SCHEMAS_LOADED)).toHaveProperty('textContent', 'Comment cannot be empty');
    expect(posted).toEqual([]);
  });

  it('lets the server check a post when the schema cannot be loaded', async () => {
    vi.doMock('~/utils/schemas', () => {
      throw new Error('offline');
    });
    render(<CommentBox shouldValidate="onBlur" />);
    const field = screen.getByLabelText('Your comment');
    fireEvent.focusIn(field);
    fireEvent.focusOut(field);
    post();
    await waitFor(() => expect(posted).toHaveLength(1), SCHEMAS_LOADED);
    // The field's check on blur had nothing to run and never became a post.
    expect(posted[0]).toEqual({ content: '', pressed: 'comment' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
