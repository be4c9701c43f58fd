import { randomUUID } from 'node:crypto';
import { createCookie, redirect } from 'react-router';
import { z } from 'zod';
import type { Toast, ToastInput } from '~/utils/toast';
import { cookieSecret } from './env.server';

const toastSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  kind: z.enum(['success', 'error', 'info']),
});

let cookie: ReturnType<typeof createCookie> | undefined;

// A one-time message carried across a redirect, so a plain form post without
// JavaScript still shows e.g. "Rating submitted" on the page it lands on.
function toastCookie() {
  cookie ??= createCookie('toast', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 60,
    secrets: [cookieSecret()],
    secure: process.env.NODE_ENV === 'production',
  });
  return cookie;
}

/** A Set-Cookie header value carrying `toast` to the next page. */
export async function toastHeader(toast: ToastInput): Promise<string> {
  return toastCookie().serialize({ id: randomUUID(), kind: 'success', ...toast } satisfies Toast);
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append('Set-Cookie', await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads and consumes the pending toast, if any. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const header = request.headers.get('Cookie');
  const headers = new Headers();
  if (!header?.includes('toast=')) return { toast: null, headers };
  const parsed = toastSchema.safeParse(await toastCookie().parse(header));
  headers.append('Set-Cookie', await toastCookie().serialize('', { maxAge: 0 }));
  return { toast: parsed.success ? parsed.data : null, headers };
}
