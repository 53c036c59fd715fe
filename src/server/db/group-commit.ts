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

export interface GroupCommitOptions {
  /** At most this many items share a transaction. */
  maxBatch?: number;
  /**
   * Transactions in flight at once (1 by default: on a busy instance one batch runs while the
   * next gathers; measured by bench:submit, a second one in flight made smaller batches that cost
   * more per lead).
   */
  concurrency?: number;
  /**
   * How long a busy drain may wait for its next batch to fill to the size of the last one (a
   * quiet app never waits: its first item starts a transaction at once).
   */
  lingerMs?: number;
}

export class GroupCommit<In, Out> {
  private waiting: Waiting<In, Out>[] = [];
  private running = 0;
  /** The size of the latest batch: how many a busy app gathers before another transaction. */
  private lastSize = 1;
  /** Drains waiting for the next batch to fill (see fill): the size they wait for, and the wait. */
  private filled: { size: number; finish: () => void; wait: Promise<void> } | undefined;
  private readonly lingerMs: number;
  private readonly maxBatch: number;
  private readonly concurrency: number;
  /** Batches run outside any request's context: each item carries its own. */
  private readonly detached: RunInContext = AsyncLocalStorage.snapshot();

  constructor(
    private readonly em: EntityManager,
    private readonly work: (
      em: EntityManager,
      items: readonly Queued<In>[],
    ) => Promise<Outcome<Out>[]>,
    options: GroupCommitOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 64;
    this.concurrency = options.concurrency ?? 1;
    this.lingerMs = options.lingerMs ?? 5;
  }

  /** Resolves once the item's transaction committed (rejects if it did not, or was refused). */
  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ item, inContext: AsyncLocalStorage.snapshot(), resolve, reject });
      if (this.filled) {
        if (this.waiting.length >= this.filled.size) this.filled.finish();
      } else if (
        this.running === 0 ||
        (this.running < this.concurrency && this.waiting.length >= this.lastSize)
      )
        // Idle: at once. Busy (with concurrency above 1): another transaction beside the running
        // one once a batch as large as the last has gathered.
        this.detached(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    this.running += 1;
    try {
      let last = 0;
      while (this.waiting.length) {
        // Under load the requests a commit answered come back together: waiting a moment for
        // them fills the next batch, instead of one straggler taking a transaction of its own
        // and the rest waiting behind it.
        if (this.waiting.length < last) await this.fill(last);
        const batch = this.waiting.splice(0, this.maxBatch);
        if (!batch.length) break;
        last = this.lastSize = batch.length;
        await this.commit(batch);
      }
    } finally {
      this.running -= 1;
    }
  }

  /** Resolves once `size` items wait, or after `lingerMs`, whichever is first (one wait shared). */
  private fill(size: number): Promise<void> {
    if (this.filled) return this.filled.wait;
    let finish = () => {};
    const wait = new Promise<void>((done) => {
      const timer = setTimeout(() => finish(), this.lingerMs);
      finish = () => {
        clearTimeout(timer);
        this.filled = undefined;
        done();
      };
    });
    this.filled = { size, finish, wait };
    return wait;
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
