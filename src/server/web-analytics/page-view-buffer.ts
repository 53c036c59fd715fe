// Page views wait here for a moment and are written many per batch (a handful of statements
// whatever its size: page-view-intake.sql.ts): a crowd of visitors costs the database a few
// transactions a second, and a flood is dropped rather than let to stall
// anything else (the form, /api/health).
import type { PageViewRow } from './visitors.sql';
import { pageViewsDropped } from '../observability/metrics';

/** How many page views may wait; past that new ones are dropped (counted in /metrics). */
const CAPACITY = 20_000;
/** How often the waiting page views are written. */
const FLUSH_EVERY_MS = 500;

export class PageViewBuffer {
  private waiting: PageViewRow[] = [];
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly write: (rows: PageViewRow[]) => Promise<void>,
    private readonly onError: (error: unknown, rows: number) => void,
    private readonly capacity = CAPACITY,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** Takes a page view to write soon; false (and counted) when the buffer is full. */
  add(row: PageViewRow): boolean {
    if (this.waiting.length >= this.capacity) {
      pageViewsDropped.inc({ reason: 'buffer_full' });
      return false;
    }
    this.waiting.push(row);
    return true;
  }

  /** Writes what waits (one batch), after the write before it. */
  flush(): Promise<void> {
    if (!this.waiting.length) return this.writing;
    const rows = this.waiting;
    this.waiting = [];
    this.writing = this.writing.then(() =>
      this.write(rows).catch((error: unknown) => {
        pageViewsDropped.inc({ reason: 'write_failed' }, rows.length);
        this.onError(error, rows.length);
      }),
    );
    return this.writing;
  }

  /** Writes what waits and stops the timer (the server's shutdown). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
