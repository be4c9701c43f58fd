import { describe, expect, it } from 'vitest';
import { clientAddress, limitKey, networkPrefix, normalizeAddress } from './client-address.server';

const direct = { proxyHops: 0, onFly: false };
const oneProxy = { proxyHops: 1, onFly: false };

describe('clientAddress', () => {
  it('takes the socket address when no proxy is trusted, whatever the headers say', () => {
    const headers = { socketAddress: '::ffff:198.51.100.7', forwardedFor: '203.0.113.1', flyClientIp: '203.0.113.2' };
    expect(clientAddress(headers, direct)).toBe('198.51.100.7');
  });

  it('behind one proxy, takes the entry that proxy appended, not what the client wrote before it', () => {
    const headers = { socketAddress: '127.0.0.1', forwardedFor: '6.6.6.6, 7.7.7.7, 198.51.100.7', flyClientIp: undefined };
    expect(clientAddress(headers, oneProxy)).toBe('198.51.100.7');
  });

  it('behind two proxies, takes the entry two places from the right', () => {
    const headers = { socketAddress: '10.0.0.2', forwardedFor: '6.6.6.6, 198.51.100.7, 10.0.0.1', flyClientIp: undefined };
    expect(clientAddress(headers, { proxyHops: 2, onFly: false })).toBe('198.51.100.7');
  });

  it('reads repeated X-Forwarded-For headers as one list (Node joins them with commas)', () => {
    const headers = { socketAddress: '127.0.0.1', forwardedFor: '6.6.6.6,198.51.100.7', flyClientIp: undefined };
    expect(clientAddress(headers, oneProxy)).toBe('198.51.100.7');
  });

  it('falls back to the socket when the proxy sent no usable entry', () => {
    expect(clientAddress({ socketAddress: '127.0.0.1', forwardedFor: undefined, flyClientIp: undefined }, oneProxy)).toBe('127.0.0.1');
    expect(clientAddress({ socketAddress: '127.0.0.1', forwardedFor: '1.2.3.4, unknown', flyClientIp: undefined }, oneProxy)).toBe(
      '127.0.0.1',
    );
  });

  it('believes Fly-Client-IP only on Fly', () => {
    const headers = { socketAddress: '127.0.0.1', forwardedFor: '198.51.100.7', flyClientIp: '6.6.6.6' };
    expect(clientAddress(headers, oneProxy)).toBe('198.51.100.7');
    expect(clientAddress(headers, { proxyHops: 1, onFly: true })).toBe('6.6.6.6');
    expect(clientAddress({ ...headers, flyClientIp: 'garbage' }, { proxyHops: 1, onFly: true })).toBe('198.51.100.7');
  });
});

describe('normalizeAddress', () => {
  it.each([
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:192.0.2.1', '192.0.2.1'],
    ['192.0.2.1:51234', '192.0.2.1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['2001:DB8::1', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    [' 192.0.2.1 ', '192.0.2.1'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeAddress(input)).toBe(expected);
  });

  it.each(['', 'unknown', '1.2.3', '999.1.1.1', 'example.com'])('refuses %j', (input) => {
    expect(normalizeAddress(input)).toBeUndefined();
  });
});

describe('limitKey', () => {
  it('keeps an IPv4 address whole', () => {
    expect(limitKey('192.0.2.1')).toBe('192.0.2.1');
  });

  it('counts every IPv6 address of one /64 as one network, however it is written', () => {
    const key = limitKey('2001:db8:0:1::1');
    expect(key).toBe('2001:db8:0:1::/64');
    expect(limitKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(limitKey('2001:db8:0:1:1:2:3.4.5.6')).toBe(key);
    expect(limitKey('2001:db8:0:2::1')).not.toBe(key);
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('networkPrefix', () => {
  it('cuts an IPv4 address to its /24 and an IPv6 address (or its limit key) to its /48', () => {
    expect(networkPrefix('198.51.100.7')).toBe('198.51.100.0/24');
    expect(networkPrefix('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::/48');
    expect(networkPrefix(limitKey('2001:0db8:0001:0002::9'))).toBe('2001:db8:1::/48');
  });

  it('answers nothing for what is not an address', () => {
    expect(networkPrefix('')).toBeUndefined();
    expect(networkPrefix('unknown')).toBeUndefined();
  });
});
