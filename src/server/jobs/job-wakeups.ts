// Waking workers for new jobs, as many as the jobs need. pg-boss's own NOTIFY wakes every worker
// of a queue for every insert: with 16 webhook workers a burst of leads cost 16 fetches per
// transaction, nearly all of them empty (bench:submit). Here an insert announces its queue and
// how many jobs it added, and each instance wakes that many workers' worth (a batch per worker),
// taking them in turn. A missed announcement (the listener reconnecting) costs at most the 1 s
// poll every worker keeps.
import type { EntityManager } from '@mikro-orm/postgresql';
import { listenForever, type Listener } from '../db/listener';
import { notifyInTransaction } from '../db/notify.sql';
import type { Logger } from '../logger';

const CHANNEL = 'convoza_jobs';

interface Wakeable {
  ids: string[];
  batchSize: number;
  next: number;
  /** Workers running a batch now: woken last (one stuck at a slow endpoint would fetch late). */
  busy: Set<string>;
}

export class JobWakeups {
  private readonly queues = new Map<string, Wakeable>();
  private listener: Listener | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly wake: (workerId: string) => void,
    private readonly log: Logger,
  ) {}

  /** Announces `count` new jobs of `queue`, delivered when (and if) `em`'s transaction commits. */
  static announce(em: EntityManager, queue: string, count: number): Promise<void> {
    return notifyInTransaction(em, CHANNEL, `${queue} ${count}`);
  }

  /** Workers of `queue` on this instance, each fetching up to `batchSize` jobs. */
  add(queue: string, workerIds: string[], batchSize: number): void {
    this.queues.set(queue, { ids: workerIds, batchSize, next: 0, busy: new Set() });
  }

  /** Says whether `workerId` of `queue` is running a batch (the job queue tells, around each one). */
  working(queue: string, workerId: string, busy: boolean): void {
    const workers = this.queues.get(queue);
    if (busy) workers?.busy.add(workerId);
    else workers?.busy.delete(workerId);
  }

  /** Resolves once listening (the workers poll meanwhile). */
  start(): Promise<void> {
    this.listener = listenForever(
      this.databaseUrl,
      CHANNEL,
      { notified: (payload) => this.announced(payload) },
      this.log,
    );
    return this.listener.ready;
  }

  stop(): Promise<void> {
    return this.listener?.stop() ?? Promise.resolve();
  }

  private announced(payload: string): void {
    const [queue, counted] = payload.split(' ');
    const workers = this.queues.get(queue ?? '');
    if (!workers) return;
    const wanted = Math.min(
      workers.ids.length,
      Math.ceil(Number(counted) / workers.batchSize) || 1,
    );
    // In turn, idle workers first: a busy one fetches only when its batch ends (a worker whose
    // attempt waits out a hanging endpoint's timeout would leave the new jobs to the 1 s poll).
    const order = workers.ids.map((_, i) => workers.ids[(workers.next + i) % workers.ids.length]!);
    const chosen = [
      ...order.filter((id) => !workers.busy.has(id)),
      ...order.filter((id) => workers.busy.has(id)),
    ].slice(0, wanted);
    for (const id of chosen) this.wake(id);
    workers.next = (workers.ids.indexOf(chosen[chosen.length - 1]!) + 1) % workers.ids.length;
  }
}
