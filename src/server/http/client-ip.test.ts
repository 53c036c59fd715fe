import { describe, expect, it } from 'vitest';
import { clientIp, clientKey } from './client-ip';

describe('clientIp', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['203.0.113.7:51234', '203.0.113.7'],
    [' 203.0.113.7:1 ', '203.0.113.7'],
    ['2001:db8::1', '2001:db8::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['::ffff:198.51.100.2', '::ffff:198.51.100.2'],
  ])('takes %j as %j (no port)', (raw, ip) => {
    expect(clientIp(raw)).toBe(ip);
  });

  it.each([
    'hello',
    '999.1.1.1',
    '1.2.3.4:99999999',
    '[nope]:80',
    'x'.repeat(10_000),
    '1.2.3.4, 5.6.7.8',
  ])('gives every non-address (%j) the same key, so junk cannot mint identities', (raw) => {
    expect(clientIp(raw)).toBe('invalid');
    expect(clientKey(raw)).toBe('invalid');
  });

  it('gives an address with and without a port the same rate-limit key', () => {
    expect(clientKey('203.0.113.7:1111')).toBe(clientKey('203.0.113.7:2222'));
    expect(clientKey('[2001:db8:1:2::9]:443')).toBe('2001:db8:1:2::/64');
    expect(clientIp(undefined)).toBe('unknown');
  });
});
