import { RetryLaterError } from '../errors';

export interface WorkGateLimits {
  maxRunning: number;
  maxWaiting: number;
  retryAfterSeconds: number;
}

/**
 * A bound on one kind of costly work in this process: at most `maxRunning` run at once, at most
 * `maxWaiting` wait their turn, and beyond that a request is turned away at once with 503 and
 * Retry-After instead of queueing without end, so the rest of the site stays served.
 */
export class WorkGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly limits: WorkGateLimits,
    private readonly busyMessage: string,
  ) {}

  /** Runs `work` under the bound; throws a 503 RetryLaterError when full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.maxRunning) {
      if (this.waiting.length >= this.limits.maxWaiting)
        throw new RetryLaterError(
          'SERVICE_UNAVAILABLE',
          this.busyMessage,
          this.limits.retryAfterSeconds,
        );
      await new Promise<void>((turn) => this.waiting.push(turn));
    } else this.running++;
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next in line, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** For tests and benches: how many run and wait right now. */
  state() {
    return { running: this.running, waiting: this.waiting.length };
  }
}
