import { type MouseEvent, useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CloseIcon } from '~/components/icons';
import { buttonClass } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { TUTORIAL_SEEN_KEY, TUTORIAL_STEP_COUNT } from '~/utils/constants';
import { tutorialStep } from '~/utils/page-query';
import { tutorialSteps } from './tutorial-steps';

// The tutorial's state in the browser. `null` means "nothing decided here":
// the page then follows its URL (`?tutorial=N`), which is also what the server renders.
type StoreState = number | 'closed' | null;
let state: StoreState = null;
let firstVisit: boolean | undefined;
const listeners = new Set<() => void>();

function setState(next: StoreState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): StoreState {
  return state;
}

/**
 * Where a first visit opens the tutorial: the home page, which it explains. A
 * newcomer who follows a link to a build (or a shared one) sees that build, not a
 * dialog over it; the help button opens the tutorial anywhere.
 */
export const FIRST_VISIT_PAGE = '/';

// First visit: the tutorial opens until it is closed or finished.
function isFirstVisit(): boolean {
  firstVisit ??= localStorage.getItem(TUTORIAL_SEEN_KEY) === null;
  return firstVisit;
}

/** Elsewhere it does not matter: nothing opens by itself there, and local storage is left alone. */
const notAsked = () => true;

/**
 * Runs in <head> before the first paint of the home page: marks a browser that never
 * closed the tutorial, so the step 1 the page carries shows at once (app.css) instead
 * of being painted after hydration, where it took the page's largest paint. Only
 * there: a browser's first look into its local storage waits on the browser process
 * (2-10 ms on a quiet phone, 40-280 ms on a busy one), a wait every other page
 * spent before its first paint for a dialog it never shows.
 */
export const FIRST_VISIT_SCRIPT = `try{localStorage.getItem(${JSON.stringify(TUTORIAL_SEEN_KEY)})===null&&(document.documentElement.dataset.firstVisit='')}catch{}`;

/** Forgets that the tutorial was seen and shows it again from step 1. */
export function reopenTutorial(): void {
  localStorage.removeItem(TUTORIAL_SEEN_KEY);
  setState(1);
}

/** Remembers in this browser that the tutorial is not to open by itself again. */
function markSeen(): void {
  localStorage.setItem(TUTORIAL_SEEN_KEY, 'true');
}

/**
 * The tutorial: step 1 opens by itself once, for a first-time guest on the home page;
 * `?tutorial=N` and the help button open it for anyone. `member`: a member is signed in,
 * so this browser is no first-time guest's (it is marked so, and stays so after signing
 * out). `flash`: the page carries a message (a toast: "Your account was deleted", "Login
 * successful"), which a dialog must not cover.
 */
export function Tutorial({ member, flash }: { member: boolean; flash: boolean }) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const urlStep = tutorialStep(searchParams.get('tutorial'));
  const stored = useSyncExternalStore(subscribe, snapshot, () => null);
  // The server cannot know: it renders step 1 on the home page for a possible first visit, which
  // FIRST_VISIT_SCRIPT shows before the first paint, or hides (and without JavaScript).
  const onFirstVisitPage = location.pathname === FIRST_VISIT_PAGE;
  const firstVisitor = useSyncExternalStore(subscribe, onFirstVisitPage ? isFirstVisit : notAsked, () => true);
  const opensByItself = firstVisitor && !member && !flash && onFirstVisitPage;
  const step = stored === 'closed' ? null : (stored ?? urlStep ?? (opensByItself ? 1 : null));
  const onlyOnFirstVisit = stored === null && urlStep === null;
  // Shown by itself once: a reload, or the way back to the home page, does not bring it back.
  const shownByItself = onlyOnFirstVisit && step !== null;
  useEffect(() => {
    if (shownByItself) markSeen();
  }, [shownByItself]);
  // Opened by itself after a move to the home page within the site, whose first document
  // had no FIRST_VISIT_SCRIPT: the mark that shows it is set here, before it is painted.
  useLayoutEffect(() => {
    if (shownByItself) document.documentElement.dataset.firstVisit = '';
  }, [shownByItself]);
  // A member's browser is marked in a task of its own, after the page's effects: on any
  // page but the home page this is its first look into local storage, a wait on the browser.
  useEffect(() => {
    if (!member) return;
    const timer = setTimeout(markSeen);
    return () => clearTimeout(timer);
  }, [member]);

  const withoutParam = new URLSearchParams(searchParams);
  withoutParam.delete('tutorial');
  const closedHref = `${location.pathname}${withoutParam.size ? `?${withoutParam}` : ''}`;
  const stepHref = (n: number) => {
    const params = new URLSearchParams(searchParams);
    params.set('tutorial', String(n));
    return `${location.pathname}?${params}`;
  };

  const close = () => {
    markSeen();
    setState('closed');
    if (urlStep !== null) navigate(closedHref, { replace: true, preventScrollReset: true });
  };
  const go = (n: number) => (event: MouseEvent) => {
    event.preventDefault();
    setState(n);
  };
  const finish = (event: MouseEvent) => {
    event.preventDefault();
    close();
  };

  if (step === null) return null;
  const current = tutorialSteps[step - 1];
  if (!current) return null;
  const last = step === TUTORIAL_STEP_COUNT;

  return (
    <div className={onlyOnFirstVisit ? 'first-visit-only' : 'contents'}>
      <Modal labelledBy="tutorial-title" describedBy="tutorial-body" onClose={close}>
        <div className="relative p-6 sm:p-7">
          <Link
            to={closedHref}
            onClick={finish}
            replace
            preventScrollReset
            className="absolute right-3 top-3 rounded p-2 text-muted hover:text-ink"
            aria-label="Close tutorial"
          >
            <CloseIcon className="size-5" />
          </Link>
          <p className="text-xs font-bold uppercase tracking-widest text-neon-cyan">
            Step {step} of {TUTORIAL_STEP_COUNT}
          </p>
          <div className="mt-4 flex items-center gap-4">
            <span className="grid size-14 shrink-0 place-items-center rounded-xl border border-neon-cyan/50 bg-void text-neon-cyan shadow-glow-cyan">
              <current.icon className="size-7" />
            </span>
            <h2 id="tutorial-title" className="display text-xl leading-tight sm:text-2xl">
              {current.title}
            </h2>
          </div>
          <p id="tutorial-body" className="mt-4 leading-relaxed text-muted">
            {current.body}
          </p>
          <ol className="mt-6 flex gap-2" aria-label="Progress">
            {tutorialSteps.map((s, index) => (
              <li
                key={s.title}
                aria-current={index + 1 === step ? 'step' : undefined}
                className={`h-1.5 flex-1 rounded-full ${index + 1 <= step ? 'bg-neon-cyan' : 'bg-line'}`}
              >
                <span className="sr-only">
                  {s.title}
                  {index + 1 === step ? ' (current)' : ''}
                </span>
              </li>
            ))}
          </ol>
          <div className="mt-6 flex items-center justify-between gap-3">
            {step === 1 ? (
              <button type="button" disabled className={buttonClass('ghost', 'md')}>
                Previous
              </button>
            ) : (
              <Link to={stepHref(step - 1)} onClick={go(step - 1)} replace preventScrollReset className={buttonClass('ghost', 'md')}>
                Previous
              </Link>
            )}
            {last ? (
              <Link to={closedHref} onClick={finish} replace preventScrollReset className={buttonClass('hot', 'md')}>
                Get Started
              </Link>
            ) : (
              <Link to={stepHref(step + 1)} onClick={go(step + 1)} replace preventScrollReset className={buttonClass('primary', 'md')}>
                Next
              </Link>
            )}
          </div>
        </div>
      </Modal>
    </div>
  );
}
