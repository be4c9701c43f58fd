import type { SubmissionResult } from '@conform-to/react';
import { data } from 'react-router';
import type { ToastInput } from '~/utils/toast';
import { dataWithToast, type RequestArgs } from './toast.server';

type Refusal = {
  /** 400 unless the refusal is not about the input (429 rate limit, 409 taken, 503 mail down…). */
  status?: number;
  headers?: HeadersInit;
  /** Shown as well as the form's own messages, e.g. on a page whose form is out of sight. */
  toast?: ToastInput;
};

/**
 * How every action answers a form it will not accept: the page again (no redirect),
 * with the form's messages in the action data — Conform's `result` from
 * `submission.reply()`, or `error` on a page whose only field is hidden — so they show
 * in place with or without JavaScript, and nothing changed. Decision 010.
 */
export async function rejectForm<Payload extends { result?: SubmissionResult<string[]>; error?: string; [key: string]: unknown }>(
  args: RequestArgs,
  payload: Payload,
  { status = 400, headers, toast }: Refusal = {},
) {
  if (toast) return dataWithToast(args, payload, toast, { status, headers });
  return data(payload, { status, headers });
}
