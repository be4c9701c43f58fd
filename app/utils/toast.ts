export type ToastKind = 'success' | 'error' | 'info';

export type Toast = {
  id: string;
  title: string;
  description?: string;
  kind: ToastKind;
};

export type ToastInput = Omit<Toast, 'id' | 'kind'> & { kind?: ToastKind };

/** How long a toast stays, in ms (docs/product.md §9). */
export const TOAST_DURATION_MS = 5000;
/** How far a toast must be swiped right to dismiss it, in px (product §9). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
