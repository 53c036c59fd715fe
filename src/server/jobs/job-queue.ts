import type { EntityManager } from '@mikro-orm/postgresql';
import {
  fromKysely,
  PgBoss,
  type Job,
  type JobResult,
  type KyselyTransactionLike,
  type QueueOptions,
} from 'pg-boss';
import type { Logger } from '../logger';
import { currentContext, runInContext } from '../observability/request-context';
import { jobsFailed } from '../observability/metrics';
import { JobWakeups } from './job-wakeups';

/**
 * A claimed job whose instance was killed comes back this soon: its worker touches it every
 * half of this, and a supervision pass (SUPERVISE_SECONDS) fails a job not touched for this
 * long, which retries it. Without it the job stays claimed until it expires (15 minutes).
 * Queues whose jobs must not wait out a dead instance's claim set it (`heartbeatSeconds`).
 */
export const HEARTBEAT_SECONDS = 10;
/** How often one instance of the cluster runs pg-boss's supervision (expiry, heartbeats, stats). */
const SUPERVISE_SECONDS = 10;

/**
 * A feature's queue: its name, how its jobs retry (pg-boss's options) and, as a type only, what
 * a job carries. Declared by the feature that owns the work (its registration lists it); the
 * job queue knows none of them by name.
 */
export interface QueueDefinition<Data extends object = object> {
  readonly name: string;
  readonly options: QueueOptions;
  /** Never set: the type of a job's data, so sending and working check it. */
  readonly jobData?: Data;
}

export const defineQueue = <Data extends object>(
  name: string,
  options: QueueOptions,
): QueueDefinition<Data> => ({ name, options });

/** A job remembers the request that queued it (its log lines carry that request's id). */
function withRequestId(data: object): object {
  const requestId = currentContext()?.requestId;
  return requestId ? { ...data, requestId } : data;
}

/**
 * How every worker fetches: up to `batchSize` jobs at once, each settled with its own result,
 * fetching again at once while batches come full, else polling every second.
 */
function fetchOptions(batchSize: number) {
  return {
    batchSize,
    perJobResults: true,
    burstWhenBatchFull: true,
    pollingIntervalSeconds: 1,
  } as const;
}

/** Wakes workers for the jobs due now (a delayed one is found by the poll when it comes due). */
function announceDue(em: EntityManager, queue: string, jobs: { startAfter?: Date }[]) {
  const now = Date.now();
  const due = jobs.filter((job) => !job.startAfter || job.startAfter.getTime() <= now).length;
  return due ? JobWakeups.announce(em, queue, due) : Promise.resolve();
}

/** pg-boss's handle on `em`'s open transaction: a job is only ever enqueued with its data. */
function inTransaction(em: EntityManager, queue: string) {
  const trx = em.getTransactionContext<KyselyTransactionLike>();
  if (!trx) throw new Error(`${queue} job enqueued outside a transaction`);
  return fromKysely(trx);
}

/**
 * Durable background work on pg-boss in the app's own PostgreSQL (schema `pgboss`). Every app
 * instance runs the workers; a job goes to exactly one of them at a time. Jobs are enqueued in
 * the transaction of the data they are about, so a rollback drops them and a commit keeps them.
 */
export class JobQueue {
  /** True from a successful start until stop() begins (the readiness "queue" check). */
  started = true;

  private constructor(
    private readonly boss: PgBoss,
    private readonly wakeups: JobWakeups,
    private readonly log: Logger,
    private readonly queues: readonly QueueDefinition[],
  ) {}

  /** Starts pg-boss with `queues` (every feature's: features.ts), created or updated. */
  static async start(
    databaseUrl: string,
    log: Logger,
    queues: readonly QueueDefinition[],
  ): Promise<JobQueue> {
    const boss = new PgBoss({
      connectionString: databaseUrl,
      // Workers wake on our own announcement of new jobs (job-wakeups.ts: as many workers as
      // the jobs need, ~10 ms), not on pg-boss's, which wakes every worker of the queue.
      useListenNotify: false,
      // No cron jobs here: without the scheduler a start skips its queue, its worker and its
      // clock-skew check.
      schedule: false,
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
      max: 4,
    });
    boss.on('error', (error) => log.warn('job queue error', { error: String(error) }));
    await boss.start();
    // A queue created by an earlier release keeps the options it was created with unless told:
    // create_queue leaves an existing queue alone, so each start also updates it.
    await Promise.all(
      queues.map(async (queue) => {
        const options = { ...queue.options, notify: true };
        await boss.createQueue(queue.name, options);
        await boss.updateQueue(queue.name, options);
      }),
    );
    const wakeups = new JobWakeups(databaseUrl, (id) => boss.notifyWorker(id), log);
    await wakeups.start();
    return new JobQueue(boss, wakeups, log, queues);
  }

  /**
   * Enqueues several jobs of one queue in one statement, inside `em`'s open transaction (the
   * queue's retry policy applies as with sendInTransaction); a job with `startAfter` waits until
   * then, and `retentionSeconds` must then outlast the wait (pg-boss drops jobs not started
   * within 14 days by default).
   */
  async sendManyInTransaction<Data extends object>(
    em: EntityManager,
    { name: queue }: QueueDefinition<Data>,
    jobs: { data: Data; group?: string; startAfter?: Date; retentionSeconds?: number }[],
  ): Promise<void> {
    if (!jobs.length) return;
    await this.boss.insert(
      queue,
      jobs.map(({ data, group, ...timing }) => ({
        data: withRequestId(data),
        ...(group ? { group: { id: group } } : {}),
        ...timing,
      })),
      { db: inTransaction(em, queue) },
    );
    await announceDue(em, queue, jobs);
  }

  /** Enqueues inside `em`'s open transaction (call within em.transactional). */
  async sendInTransaction<Data extends object>(
    em: EntityManager,
    { name: queue }: QueueDefinition<Data>,
    data: Data,
    /** `group`: jobs of one group run at most `perGroup` (see work) at a time, on all instances. */
    options: { startAfter?: Date; group?: string } = {},
  ): Promise<void> {
    const { group, ...rest } = options;
    await this.boss.send(queue, withRequestId(data), {
      ...rest,
      ...(group ? { group: { id: group } } : {}),
      db: inTransaction(em, queue),
    });
    await announceDue(em, queue, [options]);
  }

  /**
   * Runs `handle` for each job of `queue`, up to `batchSize` (10) at once; a throw fails that job alone and
   * pg-boss retries it (its queue's options). A full batch fetches the next at once; otherwise NOTIFY
   * wakes the worker, and a 1 s poll picks up retries that come due.
   */
  async work<T extends object>(
    { name: queue }: QueueDefinition<T>,
    handle: (job: Job<T>) => Promise<void>,
    { batchSize = 10, workers = 1 }: { batchSize?: number; workers?: number } = {},
  ) {
    await this.register<T>(queue, fetchOptions(batchSize), workers, async (jobs) =>
      Promise.all(
        jobs.map((job): Promise<JobResult> =>
          // Its log lines name the job and the request that queued it.
          runInContext(
            { requestId: (job.data as { requestId?: string }).requestId, jobId: job.id },
            () => this.attempt(queue, job, handle),
          ),
        ),
      ),
    );
  }

  /**
   * Like work, for handlers that do a whole batch at once (one read and one write for all of
   * it): `handle` answers, per job in order, the error that failed it or undefined. A throw fails
   * the whole batch. The batch's jobs are settled together when it ends; `completeEarly` settles
   * some of them as completed before that (with `perGroup`, so a job done frees its group's
   * place while a slow one of its batch runs on).
   */
  async workBatches<T extends object>(
    { name: queue }: QueueDefinition<T>,
    handle: (
      jobs: Job<T>[],
      completeEarly: (done: Job<T>[]) => Promise<void>,
    ) => Promise<unknown[]>,
    {
      batchSize = 10,
      workers = 1,
      perGroup,
    }: {
      batchSize?: number;
      /** Independent fetch loops on this instance: a slow batch holds up only its own loop. */
      workers?: number;
      /** At most this many jobs of one group run at once, across every instance. */
      perGroup?: number;
    } = {},
  ) {
    const options = {
      ...fetchOptions(batchSize),
      ...(perGroup ? { groupConcurrency: perGroup } : {}),
    };
    const completeEarly = (done: Job<T>[]) => this.completeEarly(queue, done);
    await this.register<T>(queue, options, workers, async (jobs) => {
      let errors: unknown[];
      try {
        errors = await runInContext({ jobId: jobs.map((j) => j.id).join(',') }, () =>
          handle(jobs, completeEarly),
        );
      } catch (error) {
        errors = jobs.map(() => error);
      }
      return jobs.map((job, i): JobResult => {
        const error = errors[i];
        if (error === undefined) return { id: job.id, status: 'completed' };
        this.log.warn('job failed', { queue, jobId: job.id, error: String(error) });
        jobsFailed.inc({ queue });
        return { id: job.id, status: 'failed', output: { message: String(error) } };
      });
    });
  }

  /**
   * Starts `workers` fetch loops of `queue` (pg-boss workers of one loop each, so each can be
   * woken by its id) and tells the wake-ups about them, and when each is running a batch.
   */
  private async register<T extends object>(
    queue: string,
    options: ReturnType<typeof fetchOptions> & { groupConcurrency?: number },
    workers: number,
    handle: (jobs: Job<T>[]) => Promise<JobResult[]>,
  ): Promise<void> {
    const ids: string[] = [];
    for (let i = 0; i < workers; i++) {
      // Declared before the call: the worker may take its first batch before work() answers.
      let id = '';
      id = await this.boss.work<T, unknown, typeof options>(queue, options, async (jobs) => {
        this.wakeups.working(queue, id, true);
        try {
          return await handle(jobs);
        } finally {
          this.wakeups.working(queue, id, false);
        }
      });
      ids.push(id);
    }
    this.wakeups.add(queue, ids, options.batchSize);
  }

  private async attempt<T extends object>(
    queue: string,
    job: Job<T>,
    handle: (job: Job<T>) => Promise<void>,
  ): Promise<JobResult> {
    try {
      await handle(job);
      return { id: job.id, status: 'completed' };
    } catch (error) {
      this.log.warn('job failed', { queue, error: String(error) });
      jobsFailed.inc({ queue });
      return { id: job.id, status: 'failed', output: { message: String(error) } };
    }
  }

  /** Completes `jobs` at the attempt they were fetched for (the batch's own settling then leaves them alone). */
  private async completeEarly(queue: string, jobs: Job<object>[]): Promise<void> {
    if (!jobs.length) return;
    try {
      await this.boss.complete(
        queue,
        jobs.map((job) => ({ id: job.id, retryCount: job.retryCount })),
      );
    } catch (error) {
      // The batch's settling tries again.
      this.log.warn('job settle failed', { queue, error: String(error) });
    }
  }

  /** Jobs waiting per queue, from pg-boss's cached counts (no count over the job table). */
  async queuedCounts(): Promise<Record<string, number>> {
    const queues = await this.boss.getQueues(this.queues.map((q) => q.name));
    return Object.fromEntries(queues.map((q) => [q.name, q.queuedCount]));
  }

  /**
   * Stops fetching and waits (up to `timeoutMs`) for the jobs in hand to finish; a job cut off
   * is not lost: its lease expires and pg-boss runs it again on an instance still running.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.started = false;
    await this.wakeups.stop();
    await this.boss.stop({ graceful: true, timeout: timeoutMs });
    this.log.debug('job queue stopped');
  }
}
