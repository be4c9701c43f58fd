// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Toast, ToastInput } from '~/utils/toast';
import type * as ToasterModule from './toaster';

// jsdom provides PointerEvent with clientX, so fireEvent.pointer* carry the
// coordinates as given; no polyfill is needed.

// The toaster keeps the current toast in a module-level store, so every test
// imports a fresh copy of the module to start with no toast showing.
let toaster: typeof ToasterModule;

beforeEach(async () => {
  localStorage.clear();
  vi.resetModules();
  toaster = await import('./toaster');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

function renderToaster(serverToast: Toast | null = null) {
  const { Toaster } = toaster;
  return render(<Toaster serverToast={serverToast} />);
}

function showToast(input: ToastInput) {
  act(() => {
    toaster.toast(input);
  });
}

/** Every toast on screen, whatever its role. */
function visibleToasts(): HTMLElement[] {
  return [...screen.queryAllByRole('status'), ...screen.queryAllByRole('alert')];
}

function theToast(): HTMLElement {
  const toasts = visibleToasts();
  expect(toasts).toHaveLength(1);
  const [only] = toasts;
  if (!only) throw new Error('No toast is showing');
  return only;
}

/** A "Saved" toast on a fresh toaster, its timers under the test's control. */
function showSavedToast() {
  vi.useFakeTimers();
  renderToaster();
  showToast({ title: 'Saved' });
}

/** Lets `ms` of (fake) time pass. */
function pass(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function swipe(element: HTMLElement, fromX: number, toX: number) {
  fireEvent.pointerDown(element, { clientX: fromX, pointerId: 1 });
  fireEvent.pointerMove(element, { clientX: toX, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: toX, pointerId: 1 });
}

describe('Toaster', () => {
  it('shows the toast passed from the server, with its title and description', () => {
    renderToaster({ id: 'server-1', title: 'Build deployed', description: 'Your rig is live.', kind: 'success' });

    const shown = theToast();
    expect(shown.textContent).toContain('Build deployed');
    expect(shown.textContent).toContain('Your rig is live.');
  });

  it('shows nothing when there is no toast', () => {
    renderToaster();

    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeTruthy();
    expect(visibleToasts()).toHaveLength(0);
  });

  it('shows a toast raised with toast()', () => {
    renderToaster();

    showToast({ title: 'Rating saved', description: 'Thanks for judging.' });

    const shown = theToast();
    expect(shown.textContent).toContain('Rating saved');
    expect(shown.textContent).toContain('Thanks for judging.');
  });

  it('shows one toast at a time: a newer toast replaces the one showing', () => {
    renderToaster();

    showToast({ title: 'First toast' });
    showToast({ title: 'Second toast' });

    expect(theToast().textContent).toContain('Second toast');
    expect(screen.queryByText('First toast')).toBeNull();
  });

  it('replaces the server toast with a newer toast()', () => {
    renderToaster({ id: 'server-1', title: 'Signed in', kind: 'success' });

    showToast({ title: 'Comment posted' });

    expect(theToast().textContent).toContain('Comment posted');
    expect(screen.queryByText('Signed in')).toBeNull();
  });

  it('disappears after 5000 ms, and not before', () => {
    showSavedToast();

    pass(4999);
    expect(theToast().textContent).toContain('Saved');

    pass(1);
    expect(visibleToasts()).toHaveLength(0);
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('makes the server toast disappear after 5000 ms too', () => {
    vi.useFakeTimers();
    renderToaster({ id: 'server-1', title: 'Welcome back', kind: 'info' });

    pass(4999);
    expect(screen.getByText('Welcome back')).toBeTruthy();

    pass(1);
    expect(screen.queryByText('Welcome back')).toBeNull();
  });

  it('pauses the timer while hovered and resumes it when the pointer leaves', () => {
    showSavedToast();

    fireEvent.mouseEnter(theToast());
    pass(20_000);
    expect(theToast().textContent).toContain('Saved');

    fireEvent.mouseLeave(theToast());
    pass(5000);
    expect(visibleToasts()).toHaveLength(0);
  });

  it('stays while the pointer rests on it after a click on its body', () => {
    showSavedToast();

    fireEvent.mouseEnter(theToast());
    fireEvent.pointerDown(theToast(), { clientX: 10, pointerId: 1 });
    fireEvent.pointerUp(theToast(), { clientX: 10, pointerId: 1 });
    pass(6000);

    expect(theToast().textContent).toContain('Saved');
  });

  it('stays while keyboard focus is inside it, even after the pointer leaves', () => {
    showSavedToast();

    fireEvent.mouseEnter(theToast());
    act(() => {
      screen.getByRole('button', { name: 'Dismiss notification' }).focus();
    });
    fireEvent.mouseLeave(theToast());
    pass(6000);
    expect(theToast().textContent).toContain('Saved');

    act(() => {
      screen.getByRole('button', { name: 'Dismiss notification' }).blur();
    });
    pass(5000);
    expect(visibleToasts()).toHaveLength(0);
  });

  it('stays while F8 has put focus on the notification region', () => {
    showSavedToast();

    fireEvent.keyDown(window, { key: 'F8' });
    pass(6000);

    expect(theToast().textContent).toContain('Saved');
  });

  it('is removed by the Dismiss notification button', () => {
    renderToaster();
    showToast({ title: 'Saved' });

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));

    expect(visibleToasts()).toHaveLength(0);
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('shows a new toast after the previous one was dismissed', () => {
    renderToaster();
    showToast({ title: 'First toast' });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));

    showToast({ title: 'Second toast' });

    expect(theToast().textContent).toContain('Second toast');
  });

  it('moves focus to the notification region when F8 is pressed', () => {
    renderToaster();
    showToast({ title: 'Saved' });
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(document.activeElement).not.toBe(region);

    fireEvent.keyDown(window, { key: 'F8' });

    expect(document.activeElement).toBe(region);
  });

  it('does not move focus for other keys', () => {
    renderToaster();
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });

    fireEvent.keyDown(window, { key: 'F7' });

    expect(document.activeElement).not.toBe(region);
  });

  it('is dismissed by swiping right more than 50 px', () => {
    renderToaster();
    showToast({ title: 'Saved' });

    swipe(theToast(), 10, 70);

    expect(visibleToasts()).toHaveLength(0);
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('stays after a 40 px swipe and springs back into place', () => {
    renderToaster();
    showToast({ title: 'Saved' });
    const shown = theToast();

    fireEvent.pointerDown(shown, { clientX: 10, pointerId: 1 });
    fireEvent.pointerMove(shown, { clientX: 50, pointerId: 1 });
    expect(shown.style.transform).toBe('translateX(40px)');
    fireEvent.pointerUp(shown, { clientX: 50, pointerId: 1 });

    expect(theToast().textContent).toContain('Saved');
    expect(theToast().style.transform).toBe('');
  });

  it('is not dismissed by swiping left', () => {
    renderToaster();
    showToast({ title: 'Saved' });

    swipe(theToast(), 200, 100);

    expect(theToast().textContent).toContain('Saved');
  });

  it('announces error toasts as alerts', () => {
    renderToaster();

    showToast({ title: 'Upload failed', kind: 'error' });

    expect(screen.getByRole('alert').textContent).toContain('Upload failed');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each(['success', 'info'] as const)('announces %s toasts as a status', (kind) => {
    renderToaster();

    showToast({ title: 'Heads up', kind });

    expect(screen.getByRole('status').textContent).toContain('Heads up');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces toasts without a kind as a status', () => {
    renderToaster();

    showToast({ title: 'Heads up' });

    expect(screen.getByRole('status').textContent).toContain('Heads up');
  });

  describe('placement', () => {
    const WINDOW_HEIGHT = 800;
    const box = (top: number, height: number, left = 0, width = 390) =>
      ({ top, bottom: top + height, left, right: left + width, height, width, x: left, y: top, toJSON: () => ({}) }) as DOMRect;

    /** A form on the page whose box is `top` px down the window, and a toast 72 px tall where the region puts it. */
    function aFormAt(top: number) {
      vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(WINDOW_HEIGHT);
      const form = document.createElement('form');
      const button = document.createElement('button');
      button.type = 'submit';
      button.textContent = 'Submit rating';
      form.append(button);
      document.body.append(form);
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
        if (this === form) return box(top, 120);
        if (this.tagName === 'OL') return box(0, 72);
        return box(0, 0, 0, 0);
      });
      return { form, button };
    }

    afterEach(() => {
      vi.restoreAllMocks();
      document.body.innerHTML = '';
    });

    const region = () => screen.getByRole('region', { name: 'Notifications (F8)' });

    it('shows at the bottom when nothing was used, or what was used is clear of it', () => {
      renderToaster();
      showToast({ title: 'Hello' });
      expect(region().dataset.placement).toBe('bottom');

      const { button } = aFormAt(150);
      fireEvent.click(button);
      showToast({ title: 'Rating submitted' });
      expect(region().dataset.placement).toBe('bottom');
    });

    it('moves to the top, below the header, when the control just used is where it would show at the bottom', () => {
      renderToaster();
      const { form, button } = aFormAt(WINDOW_HEIGHT - 130);
      fireEvent.submit(form, { submitter: button });
      showToast({ title: 'Rating submitted' });
      expect(region().dataset.placement).toBe('top');
      expect(region().className).toContain('top-(--site-header-height)');

      // The next toast, after a control up the page, is at the bottom again.
      const { button: upThere } = aFormAt(100);
      fireEvent.click(upThere);
      showToast({ title: 'Comment added' });
      expect(region().dataset.placement).toBe('bottom');
    });

    it('keeps clear of where the control was when its result took its place (a status for the button)', () => {
      renderToaster();
      const { form, button } = aFormAt(WINDOW_HEIGHT - 130);
      fireEvent.click(button);
      form.remove();
      showToast({ title: 'The AI model is on it' });
      expect(region().dataset.placement).toBe('top');
    });

    it("keeps clear of what took the control's place when the page above it grew and the browser kept it in place on the screen", () => {
      renderToaster();
      const { form, button } = aFormAt(WINDOW_HEIGHT - 130);
      // The form sits in a box of the page that stays, and whose box is where its result shows.
      const holder = document.createElement('div');
      holder.append(form);
      document.body.append(holder);
      const boxOf = HTMLElement.prototype.getBoundingClientRect as unknown as { getMockImplementation(): (this: HTMLElement) => DOMRect };
      const formBoxes = boxOf.getMockImplementation();
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
        return this === holder ? box(WINDOW_HEIGHT - 140, 130) : formBoxes.call(this);
      });
      fireEvent.click(button);
      // The status takes the form's place; the page above grew by 114 px, and scroll
      // anchoring scrolled as much, so the status shows where the form was on the screen.
      form.replaceWith(Object.assign(document.createElement('p'), { textContent: 'The AI model is writing its roast.' }));
      vi.spyOn(window, 'scrollY', 'get').mockReturnValue(114);
      showToast({ title: 'The AI model is on it' });
      expect(region().dataset.placement).toBe('top');
    });

    it('stays at the bottom when the control used was on another page', () => {
      renderToaster();
      const { form, button } = aFormAt(WINDOW_HEIGHT - 130);
      fireEvent.click(button);
      form.remove();
      window.history.pushState(null, '', '/somewhere-else');
      showToast({ title: 'Welcome' });
      expect(region().dataset.placement).toBe('bottom');
      window.history.pushState(null, '', '/');
    });
  });
});
