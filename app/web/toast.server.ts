import { randomUUID } from 'node:crypto';
import { createContext, data, redirect, type RouterContextProvider } from 'react-router';
import { z } from 'zod';
import type { Toast, ToastInput } from '~/utils/toast';
import { appCookie } from './cookies.server';
import { fromScript } from './redirect-places.server';

const toastSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  kind: z.enum(['success', 'error', 'info']),
});

// A one-time message carried across a redirect, so a plain form post without
// JavaScript still shows e.g. "Rating submitted" on the page it lands on.
const toastCookie = appCookie('toast', { maxAge: 60 });

const withId = (toast: ToastInput): Toast => ({ id: randomUUID(), kind: 'success', ...toast });

/** A toast raised by an action that answers without redirecting, for this same request's page. */
const pendingToastContext = createContext<Toast | null>(null);

export type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** A Set-Cookie header value carrying `toast` to the next page. */
export async function toastHeader(toast: ToastInput): Promise<string> {
  return toastCookie().serialize(withId(toast));
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append('Set-Cookie', await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/**
 * Action data plus a toast. Without JavaScript the page is rendered in the same
 * request, so the toast travels in the request context; with JavaScript the
 * page data is fetched by a second request, so it travels in the cookie.
 */
export async function dataWithToast<T>({ request, context }: RequestArgs, payload: T, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  if (fromScript(request)) headers.append('Set-Cookie', await toastHeader(toast));
  else context.set(pendingToastContext, withId(toast));
  return data(payload, { ...init, headers });
}

/** Reads and consumes the pending toast, if any: this request's own first, else the cookie's. */
export async function takeToast({ request, context }: RequestArgs): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  const pending = context.get(pendingToastContext);
  if (pending) return { toast: pending, headers };
  const header = request.headers.get('Cookie');
  if (!header?.includes('toast=')) return { toast: null, headers };
  const parsed = toastSchema.safeParse(await toastCookie().parse(header));
  headers.append('Set-Cookie', await toastCookie().serialize('', { maxAge: 0 }));
  return { toast: parsed.success ? parsed.data : null, headers };
}
