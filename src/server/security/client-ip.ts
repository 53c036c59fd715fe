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
 * The key a client is counted under. IPv4 (and IPv4-mapped IPv6) by address; other IPv6 by its
 * /64, because one subscriber usually holds a whole /64 and could otherwise rotate addresses.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip)) return ip;
  const parts = hextets(ip);
  if (!parts) return ip.slice(0, 64) || 'unknown';
  return `${parts
    .slice(0, 4)
    .map((h) => h.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
