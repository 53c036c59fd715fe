// The queues' options (each feature declares its own) are the database's after every start, also for a queue that an
// earlier release created with other options: pg-boss's create leaves an existing queue alone.
import { expect, it } from 'vitest';
import { createLogger } from '../logger';
import { useTestApp } from '../test/use-test-app';
import { JobQueue, defineQueue, HEARTBEAT_SECONDS } from './job-queue';

const t = useTestApp();

/** A queue as a feature declares it. */
const QUEUE = defineQueue<{ n: number }>('jobQueueTest', {
  retryLimit: 4,
  heartbeatSeconds: HEARTBEAT_SECONDS,
});

const queueRow = async () =>
  (
    await t.db
      .em()
      .execute(
        "select retry_limit, heartbeat_seconds from pgboss.queue where name = 'jobQueueTest'",
      )
  )[0];

const start = () => JobQueue.start(t.db.url, createLogger('silent'), [QUEUE]);

it('a start brings a queue an earlier release created up to the current options', async () => {
  await (await start()).stop();
  // As an earlier release left it: fewer retries and no heartbeat.
  await t.db
    .em()
    .execute(
      "update pgboss.queue set retry_limit = 1, heartbeat_seconds = null where name = 'jobQueueTest'",
    );
  expect(await queueRow()).toEqual({ retry_limit: 1, heartbeat_seconds: null });
  const queue = await start();
  try {
    expect(await queueRow()).toEqual({
      retry_limit: QUEUE.options.retryLimit,
      heartbeat_seconds: QUEUE.options.heartbeatSeconds,
    });
  } finally {
    await queue.stop();
  }
});
