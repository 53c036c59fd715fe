import { isIPv4, isIPv6 } from 'node:net';

/** Expands an IPv6 address to its 8 hextets (no `::`), or null when it is not IPv6. */
function hextets(ip: string): string[] | null {
  if (!isIPv6(ip)) return null;
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two hextets.
  const last = right.length ? right[right.length - 1]! : left[left.length - 1];
  const v4Parts = last && isIPv4(last) ? 2 : 1;
  const missing = tail === undefined ? 0 : 8 - left.length - right.length - (v4Parts - 1);
  return [...left, ...Array<string>(missing).fill('0'), ...right];
}

/**
 * The client's address without a port, as limits and logs should see it. Proxies may forward
 * `203.0.113.7:51234` or `[2001:db8::1]:443`; counting those as they are would make every source
 * port a new client. Anything that is not an address (a proxy passing junk through) becomes
 * 'invalid', one shared key, so junk cannot mint fresh identities either.
 */
export function clientIp(raw: string | undefined): string {
  const value = (raw ?? '').trim().slice(0, 100);
  if (!value) return 'unknown';
  if (isIPv4(value) || isIPv6(value)) return value;
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed?.[1] && isIPv6(bracketed[1])) return bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(value);
  if (v4WithPort?.[1] && isIPv4(v4WithPort[1])) return v4WithPort[1];
  return 'invalid';
}

/**
 * The key a client is counted under. IPv4 (and IPv4-mapped IPv6) by address; other IPv6 by its
 * /64, because one subscriber usually holds a whole /64 and could otherwise rotate addresses.
 */
export function clientKey(address: string): string {
  const ip = clientIp(address);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip)) return ip;
  const parts = hextets(ip);
  if (!parts) return ip;
  return `${parts
    .slice(0, 4)
    .map((h) => h.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The wider network a client's address sits in, for limits an attacker with many /64s would slip
 * past: an IPv6 address's /48 (a site's usual allocation). IPv4 has none: one address is already
 * what a subscriber gets.
 */
export function wideNetworkKey(address: string): string | null {
  const key = clientKey(address);
  if (!key.endsWith('::/64')) return null;
  return `${key.split(':').slice(0, 3).join(':')}::/48`;
}
