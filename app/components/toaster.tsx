import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { CloseIcon } from '~/components/icons';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type Toast, type ToastInput } from '~/utils/toast';

// One toast at a time (docs/product.md §9): a newer toast replaces the one showing.
let current: Toast | null = null;
const listeners = new Set<() => void>();

function setCurrent(next: Toast | null) {
  current = next;
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere in the browser. */
export function toast(input: ToastInput): void {
  setCurrent({ kind: 'success', ...input, id: crypto.randomUUID() });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const kindStyles: Record<Toast['kind'], string> = {
  success: 'border-neon-lime/60',
  error: 'border-danger',
  info: 'border-neon-cyan/60',
};

type Placement = 'bottom' | 'top';

/** The region's gap to the window's edge (p-4). */
const EDGE_GAP_PX = 16;

type Box = { top: number; bottom: number; left: number; right: number };
/**
 * The control a visitor used, where its form (or itself) was on its page as they used
 * it, and the box that holds it there (where its result shows when it takes its place).
 */
type Used = { control: Element; path: string; pageBox: Box; holder: Element | null };

function used(control: Element): Used {
  const own = control.closest('form') ?? control;
  const box = own.getBoundingClientRect();
  const pageBox = { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY, left: box.left, right: box.right };
  return { control, path: window.location.pathname, pageBox, holder: own.parentElement };
}

/**
 * Where the used control is in the window now; when its result took its place on the
 * same page (a status for a button), the box that held it and now holds the result
 * (the page above may have grown, and the browser kept the box in place on the screen),
 * else where it was on the page; null when it was on another page.
 */
function usedBox({ control, path, pageBox, holder }: Used): Box | null {
  if (control.isConnected) return (control.closest('form') ?? control).getBoundingClientRect();
  if (path !== window.location.pathname) return null;
  if (holder?.isConnected && holder !== document.body) return holder.getBoundingClientRect();
  return { ...pageBox, top: pageBox.top - window.scrollY, bottom: pageBox.bottom - window.scrollY };
}

/**
 * Where a toast covers nothing the visitor just used: at the bottom (full width on a
 * phone, bottom right on a desktop), unless the control they used (its form, if it is
 * in one, or what took its place) is where the toast would show there; then at the
 * top, below the header. A page without JavaScript lands on the control's place near
 * the top (the anchor rule for redirects; a refused form's first field at fault,
 * `LandOnFault`), so the bottom is clear there.
 */
function placementFor(last: Used | null, toast: HTMLElement | null): Placement {
  const used = last && usedBox(last);
  if (!used || !toast) return 'bottom';
  const { left, right, height } = toast.getBoundingClientRect();
  const top = window.innerHeight - EDGE_GAP_PX - height;
  const covered = used.bottom > top && used.top < window.innerHeight - EDGE_GAP_PX && used.right > left && used.left < right;
  return covered ? 'top' : 'bottom';
}

/** The control a click or a form's submission came from. */
function controlOf(event: Event): Element | null {
  if (event.type === 'submit') return (event as SubmitEvent).submitter ?? (event.target as Element | null);
  return event.target instanceof Element ? event.target.closest('button, a, label, summary, input, select, textarea') : null;
}

/**
 * The notification region. `serverToast` is the one-time message the server
 * passed across a redirect; it is rendered into the HTML, so it shows without
 * JavaScript too. Each toast is placed clear of the control just used (placementFor).
 */
export function Toaster({ serverToast }: { serverToast: Toast | null }) {
  const regionRef = useRef<HTMLElement>(null);
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  // Focus anywhere in the region (F8, Tab to the dismiss button) holds the toast.
  const [focusWithin, setFocusWithin] = useState(false);
  const clientToast = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  const lastUsed = useRef<Used | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [placement, setPlacement] = useState<Placement>('bottom');

  useEffect(() => {
    const remember = (event: Event) => {
      const control = controlOf(event);
      if (control) lastUsed.current = used(control);
    };
    document.addEventListener('click', remember, true);
    document.addEventListener('submit', remember, true);
    return () => {
      document.removeEventListener('click', remember, true);
      document.removeEventListener('submit', remember, true);
    };
  }, []);

  useEffect(() => {
    if (serverToast) setCurrent(serverToast);
  }, [serverToast]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const shown = clientToast ?? serverToast;
  const visible = shown && shown.id !== dismissedId ? shown : null;
  const dismiss = useCallback(() => {
    if (visible) setDismissedId(visible.id);
  }, [visible]);

  // Placed once, as it shows (before it is painted): it does not chase the page as the visitor scrolls.
  const visibleId = visible?.id;
  useLayoutEffect(() => {
    if (visibleId) setPlacement(placementFor(lastUsed.current, listRef.current));
  }, [visibleId]);

  return (
    <section
      ref={regionRef}
      aria-label="Notifications (F8)"
      tabIndex={-1}
      onFocus={() => setFocusWithin(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusWithin(false);
      }}
      data-placement={placement}
      className={`pointer-events-none fixed inset-x-0 z-50 flex justify-center p-4 outline-none sm:inset-x-auto sm:right-0 sm:justify-end ${
        placement === 'top' ? 'top-(--site-header-height)' : 'bottom-0'
      }`}
    >
      <ol ref={listRef} className="w-full max-w-sm">
        {visible ? <ToastItem key={visible.id} toast={visible} onDismiss={dismiss} held={focusWithin} /> : null}
      </ol>
    </section>
  );
}

type ToastItemProps = { toast: Toast; onDismiss: () => void; held: boolean };

function ToastItem({ toast, onDismiss, held }: ToastItemProps) {
  const [offset, setOffset] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [pressed, setPressed] = useState(false);
  const startX = useRef<number | null>(null);
  // The countdown stops while the toast is pointed at, pressed or focused, and restarts after.
  const paused = held || hovered || pressed;

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, onDismiss]);

  const release = () => {
    startX.current = null;
    setOffset(0);
    setPressed(false);
  };

  return (
    <li
      role={toast.kind === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      className={`panel pointer-events-auto flex touch-pan-y items-start gap-3 border-l-4 p-4 shadow-2xl shadow-black/60 ${kindStyles[toast.kind]}`}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: 1 - offset / 200 } : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onPointerDown={(event) => {
        startX.current = event.clientX;
        setPressed(true);
      }}
      onPointerMove={(event) => {
        if (startX.current !== null) setOffset(Math.max(0, event.clientX - startX.current));
      }}
      onPointerUp={() => {
        // Swipe right past the threshold dismisses; a shorter swipe springs back.
        if (offset > TOAST_SWIPE_THRESHOLD_PX) onDismiss();
        release();
      }}
      onPointerCancel={release}
    >
      <div className="min-w-0 flex-1">
        <p className="font-bold text-ink">{toast.title}</p>
        {toast.description ? <p className="mt-0.5 text-sm text-muted">{toast.description}</p> : null}
      </div>
      <button type="button" onClick={onDismiss} className="-m-1 rounded p-1 text-muted hover:text-ink" aria-label="Dismiss notification">
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}
