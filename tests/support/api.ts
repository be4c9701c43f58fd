import { expect } from 'vitest';
import { operations } from '~/api/contract/index';
import type { Browser } from './browser';

/**
 * One JSON API call as a script would make it: a JSON body (when given) with
 * its Content-Type, no Origin, the browser's cookies. Answers the response and
 * its parsed JSON body.
 */
export async function call(browser: Browser, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await browser.request(path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } }),
    ...(body === undefined && Object.keys(headers).length ? { headers } : {}),
  });
  const text = await response.text();
  return { response, status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** Checks a success answer against the contract's response schema for that call (the one the OpenAPI document shows). */
export function expectContract(method: string, path: string, body: unknown): void {
  const pattern = (template: string) => new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`);
  const operation = operations.find(
    (candidate) => candidate.method === method.toLowerCase() && pattern(candidate.path).test(path.split('?')[0]!),
  );
  expect(operation, `${method} ${path} is in the contract`).toBeDefined();
  const parsed = operation!.response.schema.safeParse(body);
  expect(parsed.success ? null : parsed.error.issues, `${method} ${path} answers in its contract's shape`).toBeNull();
}

/** An error answer: its status and `{ error, message }`. */
export function expectError(result: { status: number; body: unknown }, status: number, error: string, message?: string | RegExp): void {
  expect(result.status).toBe(status);
  expect(result.body).toMatchObject({ error, message: expect.any(String) });
  if (message !== undefined) expect((result.body as { message: string }).message).toMatch(message);
}
