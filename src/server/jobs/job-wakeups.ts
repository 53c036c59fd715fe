// Waking workers for new jobs, as many as the jobs need. pg-boss's own NOTIFY wakes every worker
// of a queue for every insert: with 16 webhook workers a burst of leads cost 16 fetches per
// transaction, nearly all of them empty (bench:submit). Here an insert announces its queue and
// how many jobs it added, and each instance wakes that many workers' worth (a batch per worker),
// taking them in turn. A missed announcement (the listener reconnecting) costs at most the 1 s
// poll every worker keeps.
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { listen, notifyInTransaction } from '../db/notify.sql';
import type { Logger } from '../logger';

const CHANNEL = 'convoza_jobs';
const RECONNECT_MS = 1_000;

interface Wakeable {
  ids: string[];
  batchSize: number;
  next: number;
}

export class JobWakeups {
  private readonly queues = new Map<string, Wakeable>();
  private client: pg.Client | undefined;
  private stopped = false;

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
    this.queues.set(queue, { ids: workerIds, batchSize, next: 0 });
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', ({ payload }) => this.announced(payload ?? ''));
    client.on('error', (error) => {
      this.log.warn('job wake-up listener lost its connection', { error: error.message });
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await listen(client, CHANNEL);
    this.client = client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => undefined);
  }

  private reconnect(lost: pg.Client): void {
    if (this.stopped || this.client !== lost) return;
    this.client = undefined;
    setTimeout(() => {
      if (!this.stopped) void this.start().catch(() => this.reconnectLater());
    }, RECONNECT_MS).unref();
  }

  private reconnectLater(): void {
    setTimeout(() => {
      if (!this.stopped) void this.start().catch(() => this.reconnectLater());
    }, RECONNECT_MS).unref();
  }

  private announced(payload: string): void {
    const [queue, counted] = payload.split(' ');
    const workers = this.queues.get(queue ?? '');
    if (!workers) return;
    const wanted = Math.min(
      workers.ids.length,
      Math.ceil(Number(counted) / workers.batchSize) || 1,
    );
    for (let i = 0; i < wanted; i++) {
      this.wake(workers.ids[workers.next]!);
      workers.next = (workers.next + 1) % workers.ids.length;
    }
  }
}
