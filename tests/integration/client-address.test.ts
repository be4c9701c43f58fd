import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sharedStack } from '#tests/support/stack';

// The per-network limit on sign-in codes (20 an hour), asked for from behind one
// proxy (TRUST_PROXY=true) by a client that writes its own forwarding headers.
const PER_NETWORK = 20;

const stack = sharedStack();

let mailbox = 0;
const randomIPv4 = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Asks for a code for a new address each time; resolves with the status. */
async function requestCode(headers: Record<string, string>): Promise<number> {
  const response = await stack.app.fetch('/api/request-login-code', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ email: `spoofer-${mailbox++}@example.com` }),
  });
  await response.body?.cancel();
  return response.status;
}

/** The statuses of `count` requests, one after another, each with the headers `headersFor(i)` makes. */
async function statuses(count: number, headersFor: (i: number) => Record<string, string>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push(await requestCode(headersFor(i)));
  return seen;
}

describe('the client address behind a trusted proxy', () => {
  it('is the entry our proxy appended: a client-written left-most X-Forwarded-For does not escape the limit', async () => {
    // nginx's $proxy_add_x_forwarded_for keeps what the client sent and appends the address it saw.
    const seen = await statuses(PER_NETWORK + 1, () => ({ 'X-Forwarded-For': `${randomIPv4()}, 203.0.113.7` }));
    expect(seen.slice(0, PER_NETWORK)).toEqual(Array(PER_NETWORK).fill(200));
    expect(seen[PER_NETWORK]).toBe(429);
  });

  it('ignores a Fly-Client-IP header when not running on Fly', async () => {
    const seen = await statuses(PER_NETWORK + 1, () => ({ 'Fly-Client-IP': randomIPv4(), 'X-Forwarded-For': '203.0.113.8' }));
    expect(seen[PER_NETWORK]).toBe(429);
  });

  it('counts one IPv6 /64 as one network', async () => {
    const seen = await statuses(PER_NETWORK + 1, (i) => ({ 'X-Forwarded-For': `2001:db8:7:7:${randomInt(65536).toString(16)}::${i + 1}` }));
    expect(seen[PER_NETWORK]).toBe(429);
    // The next /64 is someone else.
    expect(await requestCode({ 'X-Forwarded-For': '2001:db8:7:8::1' })).toBe(200);
  });
});
