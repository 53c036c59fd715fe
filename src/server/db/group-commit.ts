// Group commit: writes that arrive while one transaction is running wait for it and then share the
// next one, so a burst of N leads costs a few transactions and multi-row statements instead of N
// of each, while a lone write starts at once (no timer, no added wait when the app is quiet).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';

/** How a request's async context (its audit scope, its log fields) is entered again later. */
export type RunInContext = <R>(fn: () => R) => R;

/** One write waiting for a transaction: what to write, and the context it was asked from. */
export interface Queued<In> {
  item: In;
  /** Runs `fn` as if from the request that queued the item (e.g. to publish its events). */
  inContext: RunInContext;
}

/**
 * What a batch answers for each item, in order: its result, or its own error (a refusal decided
 * before anything of it was written; the other items still commit).
 */
export type Outcome<Out> = { ok: true; value: Out } | { ok: false; error: unknown };

interface Waiting<In, Out> extends Queued<In> {
  resolve: (value: Out) => void;
  reject: (error: unknown) => void;
}

/** At most this many items share a transaction. */
const MAX_BATCH = 64;
/**
 * How long a busy drain waits for its next batch to grow to the size of the last one. A quiet
 * app never waits: its first item starts a transaction at once.
 */
const LINGER_MS = 5;

/**
 * One transaction at a time: on a busy instance one batch runs while the next gathers (measured
 * by bench:submit, a second transaction in flight made smaller batches that cost more per lead).
 */
export class GroupCommit<In, Out> {
  private waiting: Waiting<In, Out>[] = [];
  private draining = false;
  /** The drain waiting for its next batch to fill (see fill). */
  private filling: { size: number; finish: () => void } | undefined;
  /** Batches run outside any request's context: each item carries its own. */
  private readonly detached: RunInContext = AsyncLocalStorage.snapshot();

  constructor(
    private readonly em: EntityManager,
    private readonly work: (
      em: EntityManager,
      items: readonly Queued<In>[],
    ) => Promise<Outcome<Out>[]>,
  ) {}

  /** Resolves once the item's transaction committed (rejects if it did not, or was refused). */
  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ item, inContext: AsyncLocalStorage.snapshot(), resolve, reject });
      if (this.filling && this.waiting.length >= this.filling.size) this.filling.finish();
      if (!this.draining) this.detached(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      let last = 0;
      while (this.waiting.length) {
        // Under load the requests a commit answered come back together: waiting a moment for
        // them fills the next batch, instead of one straggler taking a transaction of its own
        // and the rest waiting behind it.
        if (this.waiting.length < last) await this.fill(last);
        const batch = this.waiting.splice(0, MAX_BATCH);
        last = batch.length;
        await this.commit(batch);
      }
    } finally {
      this.draining = false;
    }
  }

  /** Resolves once `size` items wait, or after LINGER_MS, whichever is first. */
  private fill(size: number): Promise<void> {
    return new Promise<void>((done) => {
      const finish = () => {
        clearTimeout(timer);
        this.filling = undefined;
        done();
      };
      const timer = setTimeout(finish, LINGER_MS);
      this.filling = { size, finish };
    });
  }

  /**
   * One transaction for the batch. Should it fail as a whole (a statement refused, a lost
   * connection), each item is tried again alone, so one bad item fails only its own request.
   */
  private async commit(batch: Waiting<In, Out>[]): Promise<void> {
    let outcomes: Outcome<Out>[];
    try {
      outcomes = await this.em.fork().transactional((tem) => this.work(tem, batch));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const one of batch) await this.commit([one]);
      return;
    }
    batch.forEach((waiting, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }
}
