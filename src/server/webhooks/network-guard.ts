import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

// Addresses a webhook must never reach (SSRF): this host, private networks, link-local (cloud
// metadata at 169.254.169.254), unspecified, multicast, and ranges reserved for tests/benchmarks.
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  // IPv4-translated addresses (::ffff:0:a.b.c.d, RFC 2765): never reachable on the Internet.
  ['::ffff:0:0:0', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (with `::` and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
    text =
      text.slice(0, -v4.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64, 6to4). */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0) && (g[6] || g[7]))
    return v4(g[6] ?? 0, g[7] ?? 0);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6] ?? 0, g[7] ?? 0);
  if (g[0] === 0x2002) return v4(g[1] ?? 0, g[2] ?? 0);
  return null;
}

/** Whether a webhook may connect to this IP address (v4 or v6, with or without brackets). */
export function isPublicAddress(ip: string): boolean {
  const address = ip.replace(/^\[|\]$/g, '');
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4) return isPublicAddress(v4);
  return !blocked.check(address.replace(/%.*$/, ''), 'ipv6');
}

/** The literal IP of a URL's host, or null for a name. */
export function literalIp(hostname: string): string | null {
  const host = hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
}

export class PrivateNetworkError extends Error {
  constructor(target: string) {
    super(
      `${target} is a loopback, private or reserved address; set WEBHOOK_ALLOW_PRIVATE_NETWORKS=1 to allow it`,
    );
    this.name = 'PrivateNetworkError';
  }
}

/**
 * A `lookup` for http.request that resolves as usual and keeps only allowed (by default public)
 * addresses, so the socket can only connect to an address that passed the check: a name that
 * resolves to a public address for a check and a private one for the connection (DNS
 * rebinding) cannot slip through, as the check and the connection use the same answer.
 */
export const guardedLookup =
  (isAllowed: (ip: string) => boolean = isPublicAddress): LookupFunction =>
  (hostname, options, callback) =>
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const allowed = addresses.filter((a) => isAllowed(a.address));
      if (!allowed.length) {
        const shown = addresses.map((a) => a.address).join(', ');
        return callback(new PrivateNetworkError(`${hostname} (${shown})`), '', 4);
      }
      if (options.all) return callback(null, allowed);
      const first = allowed[0]!;
      callback(null, first.address, first.family);
    });
