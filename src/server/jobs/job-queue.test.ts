// The queues' options (QUEUES) are the database's after every start, also for a queue that an
// earlier release created with other options: pg-boss's create leaves an existing queue alone.
import { expect, it } from 'vitest';
import { createLogger } from '../logger';
import { useTestApp } from '../test/use-test-app';
import { JobQueue, QUEUES } from './job-queue';

const t = useTestApp();

const emailQueue = async () =>
  (
    await t.db
      .em()
      .execute("select retry_limit, heartbeat_seconds from pgboss.queue where name = 'email'")
  )[0];

const start = () => JobQueue.start(t.db.url, createLogger('silent'));

it('a start brings a queue an earlier release created up to the current options', async () => {
  await (await start()).stop();
  // As an earlier release left it: fewer retries and no heartbeat.
  await t.db
    .em()
    .execute(
      "update pgboss.queue set retry_limit = 1, heartbeat_seconds = null where name = 'email'",
    );
  expect(await emailQueue()).toEqual({ retry_limit: 1, heartbeat_seconds: null });
  const queue = await start();
  try {
    expect(await emailQueue()).toEqual({
      retry_limit: QUEUES.email.retryLimit,
      heartbeat_seconds: QUEUES.email.heartbeatSeconds,
    });
  } finally {
    await queue.stop();
  }
});
