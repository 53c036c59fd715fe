import type { EntityManager } from '@mikro-orm/postgresql';
import { webhookDeliveries } from '../observability/metrics';
import { recordSucceeded, type SucceededAttempt } from './delivery-claim.sql';

/**
 * How long an attempt the endpoint accepted waits for the rest of its batch before it is
 * recorded without them: a batch is usually recorded in one statement when its last attempt
 * ends, while a slow endpoint in the batch holds the others' record (and their endpoint's place
 * in the queue) no longer than this.
 */
export const RECORD_LINGER_MS = 50;

/**
 * Records accepted attempts together (recordSucceeded): when the batch's last attempt ends, or
 * RECORD_LINGER_MS after the first one waiting while others still run. Those recorded early
 * are handed to `completeEarly`, so their jobs free their endpoint's place at once.
 */
export class SuccessRecorder {
  private waiting: { index: number; attempt: SucceededAttempt }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly flushes: Promise<void>[] = [];

  constructor(
    private readonly em: EntityManager,
    private readonly errors: unknown[],
    private readonly completeEarly?: (indexes: number[]) => Promise<void>,
  ) {}

  add(index: number, attempt: SucceededAttempt) {
    this.waiting.push({ index, attempt });
    this.timer ??= setTimeout(() => this.flushes.push(this.flush(true)), RECORD_LINGER_MS);
  }

  /** Records what still waits and answers once every record of the batch is written. */
  async finish(): Promise<void> {
    this.flushes.push(this.flush(false));
    await Promise.all(this.flushes);
  }

  private async flush(early: boolean): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting.splice(0);
    if (!batch.length) return;
    try {
      const recorded = await recordSucceeded(
        this.em,
        batch.map((b) => b.attempt),
      );
      webhookDeliveries.inc({ status: 'succeeded' }, recorded.length);
      if (early) await this.completeEarly?.(batch.map((b) => b.index));
    } catch (error) {
      for (const { index } of batch) this.errors[index] = error;
    }
  }
}
