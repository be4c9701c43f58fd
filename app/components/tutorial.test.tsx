// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type * as ReactRouter from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TUTORIAL_SEEN_KEY } from '~/utils/constants';
import type * as TutorialModule from './tutorial';
import { tutorialSteps } from './tutorial-steps';

// jsdom has no HTMLDialogElement.prototype.showModal/close, and although its
// selector engine parses `:modal`, it never matches. This minimal polyfill
// follows the HTML spec's observable behaviour: showModal() sets `open` and
// makes the dialog match `:modal` (and throws on an already open non-modal
// dialog, as browsers do); close() removes both and fires a 'close' event.
const modalDialogs = new WeakSet<Element>();
const dialogProto = HTMLDialogElement.prototype;
const originalMatches = Object.getOwnPropertyDescriptor(Element.prototype, 'matches');
const hadShowModal = Reflect.has(dialogProto, 'showModal');
const hadClose = Reflect.has(dialogProto, 'close');

function defineMethod(target: object, name: string, value: (this: never, ...args: never[]) => unknown) {
  Object.defineProperty(target, name, { configurable: true, writable: true, value });
}

beforeAll(() => {
  const matches = originalMatches?.value as Element['matches'];
  defineMethod(Element.prototype, 'matches', function (this: Element, selectors: string): boolean {
    if (selectors.trim() === ':modal') return modalDialogs.has(this);
    return matches.call(this, selectors);
  });
  if (!hadShowModal) {
    defineMethod(dialogProto, 'showModal', function (this: HTMLDialogElement): void {
      if (this.hasAttribute('open')) {
        if (modalDialogs.has(this)) return;
        throw new DOMException('The dialog is already open as a non-modal dialog.', 'InvalidStateError');
      }
      this.setAttribute('open', '');
      modalDialogs.add(this);
    });
  }
  if (!hadClose) {
    defineMethod(dialogProto, 'close', function (this: HTMLDialogElement): void {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      modalDialogs.delete(this);
      this.dispatchEvent(new Event('close'));
    });
  }
});

afterAll(() => {
  if (originalMatches) Object.defineProperty(Element.prototype, 'matches', originalMatches);
  if (!hadShowModal) Reflect.deleteProperty(dialogProto, 'showModal');
  if (!hadClose) Reflect.deleteProperty(dialogProto, 'close');
});

// The tutorial keeps its state in a module-level store, so every test imports
// a fresh copy of the module to start from a first page load. React Router is
// re-imported with it: after vi.resetModules() the component gets a new copy of
// react-router, and its hooks only see a router from that same copy.
let tutorial: typeof TutorialModule;
let reactRouter: typeof ReactRouter;

beforeEach(async () => {
  localStorage.clear();
  vi.resetModules();
  reactRouter = await import('react-router');
  tutorial = await import('./tutorial');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  delete document.documentElement.dataset.firstVisit;
});

/** The tutorial on `url`, for a guest unless `visitor` says a member is signed in or the page carries a toast (`flash`). */
function renderTutorial(url = '/', visitor: { member?: boolean; flash?: boolean } = {}) {
  const { Tutorial } = tutorial;
  const { createMemoryRouter, RouterProvider } = reactRouter;
  const element = <Tutorial member={visitor.member ?? false} flash={visitor.flash ?? false} />;
  const memoryRouter = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  render(<RouterProvider router={memoryRouter} />);
  return memoryRouter;
}

function markAsReturningVisitor() {
  localStorage.setItem(TUTORIAL_SEEN_KEY, 'true');
}

/** A control by its visible text, whether it is rendered as a link or a button. */
function control(text: string): HTMLElement {
  return screen.getByText(text, { selector: 'a, button' });
}

function title(step: number): string {
  const found = tutorialSteps[step - 1];
  if (!found) throw new Error(`No tutorial step ${step}`);
  return found.title;
}

function expectStep(step: number) {
  const dialog = screen.getByRole('dialog', { name: title(step) });
  expect(dialog.textContent).toContain(`Step ${step} of 5`);
  return dialog;
}

function expectNoTutorial() {
  expect(document.querySelector('dialog')).toBeNull();
  expect(screen.queryByRole('dialog')).toBeNull();
}

describe('Tutorial', () => {
  it('opens automatically at step 1 for a first-time visitor', () => {
    renderTutorial();

    const dialog = expectStep(1);
    expect(dialog.textContent).toContain('Welcome to RigRoast');
    expect(screen.getByRole('heading', { name: 'Welcome to RigRoast' })).toBeTruthy();
  });

  it('is shown as a modal dialog once JavaScript runs', () => {
    renderTutorial();

    expect(expectStep(1).matches(':modal')).toBe(true);
  });

  it('is labelled by its title', () => {
    renderTutorial();

    const dialog = screen.getByRole('dialog', { name: 'Welcome to RigRoast' });
    const labelId = dialog.getAttribute('aria-labelledby');
    expect(labelId).toBeTruthy();
    expect(document.getElementById(labelId ?? '')?.textContent).toBe('Welcome to RigRoast');
  });

  it.each(['/build/7', '/share/abc123', '/gallery'])('does not open by itself over %s, only on the home page it explains', async (url) => {
    // Nor does it look into local storage there: a browser's first look waits on the browser process.
    const read = vi.spyOn(Storage.prototype, 'getItem');
    const memoryRouter = renderTutorial(url);
    expectNoTutorial();
    expect(read.mock.contexts).not.toContain(localStorage);

    await act(async () => {
      await memoryRouter.navigate('/');
    });
    expectStep(1);
    // The page's first document had no FIRST_VISIT_SCRIPT: the mark app.css shows the dialog by is set now.
    expect(document.documentElement.dataset.firstVisit).toBe('');
  });

  it('is not shown to a returning visitor', () => {
    markAsReturningVisitor();
    renderTutorial();

    expectNoTutorial();
  });

  it('never opens by itself for a signed-in member, and the browser stays marked after they sign out', async () => {
    renderTutorial('/', { member: true });
    expectNoTutorial();
    // Marked in a task of its own, after the page's effects.
    await waitFor(() => expect(localStorage.getItem(TUTORIAL_SEEN_KEY)).not.toBeNull());

    cleanup();
    vi.resetModules();
    reactRouter = await import('react-router');
    tutorial = await import('./tutorial');
    renderTutorial('/');
    expectNoTutorial();
  });

  it('opens for a member through the help link (?tutorial=1)', () => {
    renderTutorial('/?tutorial=1', { member: true });

    expectStep(1);
  });

  it('does not open over a page that carries a message, such as "Your account was deleted"', () => {
    renderTutorial('/', { flash: true });
    expectNoTutorial();
  });

  it('opens by itself only once: a reload before it is closed does not bring it back', async () => {
    renderTutorial('/');
    expectStep(1);
    expect(localStorage.getItem(TUTORIAL_SEEN_KEY)).not.toBeNull();

    cleanup();
    vi.resetModules();
    reactRouter = await import('react-router');
    tutorial = await import('./tutorial');
    renderTutorial('/');
    expectNoTutorial();
  });

  it('disables Previous on step 1 and enables it on step 2', () => {
    renderTutorial();

    expect(control('Previous').hasAttribute('disabled')).toBe(true);

    fireEvent.click(control('Next'));
    expectStep(2);
    const previous = control('Previous');
    expect(previous.hasAttribute('disabled')).toBe(false);
    expect(previous.getAttribute('aria-disabled')).not.toBe('true');

    fireEvent.click(previous);
    expectStep(1);
  });

  it('walks through all five steps in order with Next, ending on Get Started', () => {
    renderTutorial();

    expect(tutorialSteps.map((s) => s.title)).toHaveLength(5);
    for (let step = 1; step <= 4; step += 1) {
      expectStep(step);
      expect(screen.queryByText('Get Started')).toBeNull();
      fireEvent.click(control('Next'));
    }

    expectStep(5);
    expect(screen.getByRole('dialog').textContent).toContain('Climb the leaderboards');
    expect(control('Get Started')).toBeTruthy();
    expect(screen.queryByText('Next')).toBeNull();
  });

  it('closes on Get Started and remembers that the tutorial was seen', () => {
    renderTutorial();
    for (let step = 1; step <= 4; step += 1) fireEvent.click(control('Next'));
    localStorage.clear();

    fireEvent.click(control('Get Started'));

    expectNoTutorial();
    expect(localStorage.getItem(TUTORIAL_SEEN_KEY)).not.toBeNull();
  });

  it('closes with the close button and remembers that the tutorial was seen', () => {
    renderTutorial();
    fireEvent.click(control('Next'));
    localStorage.clear();

    fireEvent.click(screen.getByLabelText('Close tutorial'));

    expectNoTutorial();
    expect(localStorage.getItem(TUTORIAL_SEEN_KEY)).not.toBeNull();
  });

  it('closes on Escape and remembers that the tutorial was seen', () => {
    renderTutorial();
    const dialog = expectStep(1);
    localStorage.clear();

    // Pressing Escape on a modal dialog makes the browser fire 'cancel' on it.
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);

    expectNoTutorial();
    expect(localStorage.getItem(TUTORIAL_SEEN_KEY)).not.toBeNull();
  });

  it('stays closed when the visitor moves on to another page', async () => {
    const memoryRouter = renderTutorial('/');
    fireEvent.click(screen.getByLabelText('Close tutorial'));
    expectNoTutorial();

    await act(async () => {
      await memoryRouter.navigate('/gallery');
    });

    expect(memoryRouter.state.location.pathname).toBe('/gallery');
    expectNoTutorial();
  });

  it('reopenTutorial() clears the flag and opens it again at step 1 after it was closed', () => {
    renderTutorial();
    fireEvent.click(control('Next'));
    fireEvent.click(control('Next'));
    fireEvent.click(screen.getByLabelText('Close tutorial'));
    expectNoTutorial();
    expect(localStorage.getItem(TUTORIAL_SEEN_KEY)).not.toBeNull();

    act(() => {
      tutorial.reopenTutorial();
    });

    expect(localStorage.getItem(TUTORIAL_SEEN_KEY)).toBeNull();
    expectStep(1);
    expect(control('Previous').hasAttribute('disabled')).toBe(true);
  });

  it('reopenTutorial() opens it for a returning visitor', () => {
    markAsReturningVisitor();
    renderTutorial();
    expectNoTutorial();

    act(() => {
      tutorial.reopenTutorial();
    });

    expectStep(1);
    expect(localStorage.getItem(TUTORIAL_SEEN_KEY)).toBeNull();
  });

  it('opens the step named by ?tutorial=3, even for a returning visitor', () => {
    markAsReturningVisitor();
    renderTutorial('/about?tutorial=3');

    const dialog = expectStep(3);
    expect(dialog.textContent).toContain('Rate the competition');
  });

  it('links each ?tutorial=N step to its neighbours so it works without JavaScript', () => {
    markAsReturningVisitor();
    renderTutorial('/about?tutorial=3');

    expect(control('Previous').getAttribute('href')).toBe('/about?tutorial=2');
    expect(control('Next').getAttribute('href')).toBe('/about?tutorial=4');
    expect(screen.getByLabelText('Close tutorial').getAttribute('href')).toBe('/about');
  });

  it('removes ?tutorial from the URL, keeping other parameters, when closed', async () => {
    markAsReturningVisitor();
    const memoryRouter = renderTutorial('/gallery?sort=top&tutorial=3');
    expectStep(3);

    fireEvent.click(screen.getByLabelText('Close tutorial'));

    expectNoTutorial();
    await waitFor(() => {
      expect(memoryRouter.state.location.search).toBe('?sort=top');
    });
    expect(memoryRouter.state.location.pathname).toBe('/gallery');
    expectNoTutorial();
  });

  it.each(['9', '0', 'abc', '2.5', ''])('shows nothing to a returning visitor for ?tutorial=%s', (value) => {
    markAsReturningVisitor();
    renderTutorial(`/about?tutorial=${value}`);

    expectNoTutorial();
  });
});
