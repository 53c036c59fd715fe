// How many page views one network may send: a visitor reads a few pages a minute, so a network
// past its limit is a script, and its page views are dropped (answered 202 all the same, so
// nothing tells it). Counted per minute, per network (an IPv4 address, an IPv6 /64) and per IPv6
// /48 (65,536 /64s are one site's allocation), and shared by the instances through PostgreSQL:
// each counts in memory, and a network that passes an eighth of a limit on one instance has its
// hits added to a shared row twice a second, and is judged by the sum of every instance's. Below
// that share no instance writes anything: up to eight instances cannot let a network past its
// limit that way, and the visitors of ordinary networks cost no write at all.
import { clientKey, wideNetworkKey } from '../http/client-ip';

/** Page views a network (an IPv4 address, an IPv6 /64) may send per minute, all instances together. */
export const COLLECT_PER_MINUTE = 120;
/** Page views an IPv6 /48 may send per minute, all instances together. */
export const COLLECT_PER_MINUTE_PER_48 = 600;
/** From this share of a limit on one instance, a network's hits are shared with the others. */
const SHARE_FROM = 1 / 8;
const SYNC_EVERY_MS = 500;

/**
 * Adds this instance's new hits of each key to the shared count of the minute starting at
 * `windowStart` and answers each key's total over all instances.
 */
export type ShareHits = (
  hits: { key: string; count: number }[],
  windowStart: Date,
) => Promise<Map<string, number>>;

interface Count {
  limit: number;
  /** This instance's hits this minute. */
  local: number;
  /** How many of them the shared count holds. */
  sent: number;
  /** The shared count (every instance's) when last read. */
  shared: number;
}

export class CollectLimit {
  private minute = 0;
  private counts = new Map<string, Count>();
  private syncing = false;
  private readonly timer?: NodeJS.Timeout;

  private readonly limits = { perNetwork: COLLECT_PER_MINUTE, per48: COLLECT_PER_MINUTE_PER_48 };
  private readonly onError: (error: unknown) => void;

  /** `syncEveryMs` 0: shared only when sync() is called (tests that set the clock). */
  constructor(
    private readonly share?: ShareHits,
    {
      onError = () => {},
      syncEveryMs = SYNC_EVERY_MS,
    }: { onError?: (error: unknown) => void; syncEveryMs?: number } = {},
  ) {
    this.onError = onError;
    if (share && syncEveryMs > 0) {
      this.timer = setInterval(() => void this.sync(), syncEveryMs);
      this.timer.unref();
    }
  }

  private roll(now: number) {
    const minute = Math.floor(now / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.counts = new Map();
    }
  }

  /** Counts one page view from `ip`; false when its network or /48 is past its limit. */
  allow(ip: string, now = Date.now()): boolean {
    this.roll(now);
    const keys: [string, number][] = [[clientKey(ip), this.limits.perNetwork]];
    const wide = wideNetworkKey(ip);
    if (wide) keys.push([wide, this.limits.per48]);
    let allowed = true;
    for (const [key, limit] of keys) {
      const count = this.counts.get(key) ?? { limit, local: 0, sent: 0, shared: 0 };
      count.local++;
      this.counts.set(key, count);
      // Every instance's hits as last read, plus this one's since.
      if (count.shared + count.local - count.sent > limit) allowed = false;
    }
    return allowed;
  }

  /** Shares the hits of the networks past SHARE_FROM of their limit here, and reads their totals. */
  async sync(now = Date.now()): Promise<void> {
    if (!this.share || this.syncing) return;
    this.roll(now);
    const minute = this.minute;
    const due = [...this.counts].filter(([, c]) => c.local >= c.limit * SHARE_FROM);
    if (!due.length) return;
    this.syncing = true;
    try {
      const hits = due.map(([key, c]) => ({ key, count: c.local - c.sent }));
      const sentNow = due.map(([, c]) => c.local);
      const totals = await this.share(hits, new Date(minute * 60_000));
      if (minute !== this.minute) return; // a new minute began meanwhile: its counts start afresh
      due.forEach(([key, count], i) => {
        count.sent = sentNow[i]!;
        count.shared = totals.get(key) ?? count.shared;
      });
    } catch (error) {
      this.onError(error); // judged by this instance's own counts until the database answers
    } finally {
      this.syncing = false;
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
