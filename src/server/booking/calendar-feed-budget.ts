// What reading one external calendar may cost. A feed is any URL a signed-in host gives, so its
// text is hostile until read: 200 FREQ=SECONDLY events once held the event loop 39 s, 300
// VTIMEZONEs with secondly rules grew the server to 4.3 GB. It is read in a child process
// (calendar-feed-read.ts) held to these budgets, and a feed over one fails for good: the periodic
// refresh skips it until the host refreshes it by hand (calendar-feeds.service.ts).

export interface FeedReadBudget {
  /** Wall-clock time of the whole read, process start included; the process is killed after. */
  timeoutMs: number;
  /** The reader's V8 heap (--max-old-space-size): V8 ends the process past it. */
  heapMb: number;
  /** Characters of text; a download is already capped at FEED_MAX_BYTES (calendar-fetch.ts). */
  maxChars: number;
  /** Occurrences stepped through, over all the series of the feed. */
  maxOccurrences: number;
}

export const FEED_READ_BUDGET: FeedReadBudget = {
  timeoutMs: 10_000,
  heapMb: 128,
  maxChars: 10 * 1024 * 1024,
  // A real calendar steps through a few thousand: series start near the window (see
  // calendar-feed-skip.ts), a one-off event is two steps. 50,000 take ical.js about a second.
  maxOccurrences: 50_000,
};

/** The reasons shown on the host's screen (the feed's `error`). */
export const budgetReason = {
  time: (ms: number) => `The calendar took too long to read (over ${ms / 1000} s)`,
  memory: (mb: number) => `The calendar needs more memory to read than allowed (${mb} MB)`,
  size: (chars: number) => `The calendar is larger than ${chars / 1024 / 1024} MB`,
  occurrences: (max: number) =>
    `The calendar has too many occurrences to read (over ${max.toLocaleString('en-US')})`,
};

/** A feed over one of its budgets: not worth reading again until someone changes it. */
export class FeedBudgetError extends Error {
  override name = 'FeedBudgetError';
}
