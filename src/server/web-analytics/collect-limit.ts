// How many page views one network may send: a visitor reads a few pages a minute, so a network
// past PER_MINUTE is a script, and its page views are dropped (answered 202 all the same, so
// nothing tells it). Counted per instance, in memory: a page view is not worth a database write
// to count.

/** Page views a network (an IPv4 address, an IPv6 /64) may send per minute and instance. */
export const COLLECT_PER_MINUTE = 120;

export class CollectLimit {
  private minute = 0;
  private counts = new Map<string, number>();

  constructor(private readonly perMinute = COLLECT_PER_MINUTE) {}

  /** Counts one page view of `network`; false past the limit. */
  allow(network: string, now = Date.now()): boolean {
    const minute = Math.floor(now / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.counts = new Map();
    }
    const count = (this.counts.get(network) ?? 0) + 1;
    this.counts.set(network, count);
    return count <= this.perMinute;
  }
}
