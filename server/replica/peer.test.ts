import { describe, expect, it } from 'vitest';
import { signPeer, verifyPeer } from './peer';

const secret = 'a-secret-every-node-shares-0123456789';
const request = { method: 'POST', url: '/build/7' };

describe('the address a replica passes on', () => {
  it('is believed when signed with the shared secret for this request', () => {
    const header = signPeer(secret, { address: '198.51.100.7', ...request });
    expect(verifyPeer(secret, header, request)).toBe('198.51.100.7');
  });

  it('is refused from anyone without the secret, for another request, or when old', () => {
    const header = signPeer(secret, { address: '198.51.100.7', ...request }, 1_000_000);
    expect(
      verifyPeer('another-secret-0123456789012345678', signPeer('another', { address: '1.2.3.4', ...request }), request),
    ).toBeUndefined();
    expect(verifyPeer(secret, header.replace('198.51.100.7', '10.0.0.1'), request, 1_000_000)).toBeUndefined();
    expect(verifyPeer(secret, header, { method: 'POST', url: '/build/8' }, 1_000_000)).toBeUndefined();
    expect(verifyPeer(secret, header, request, 1_000_000 + 61_000)).toBeUndefined();
    expect(verifyPeer(secret, header, request, 1_000_000)).toBe('198.51.100.7');
    expect(verifyPeer(secret, undefined, request)).toBeUndefined();
    expect(verifyPeer(secret, '198.51.100.7 now forged', request)).toBeUndefined();
  });
});
