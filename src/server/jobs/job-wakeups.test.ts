// Workers are woken for new jobs as the jobs need them (a batch per worker, taken in turn), once
// the transaction that queued the jobs commits, and not at all when it rolls back.
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { until } from '../test/until';
import { useTestApp } from '../test/use-test-app';
import { JobWakeups } from './job-wakeups';

const t = useTestApp();
let wakeups: JobWakeups | undefined;
afterEach(() => wakeups?.stop());

async function listening(woken: string[]) {
  wakeups = new JobWakeups(t.db.url, (id) => woken.push(id), createLogger('silent'));
  wakeups.add(
    'webhook',
    Array.from({ length: 16 }, (_, i) => `w${i}`),
    4,
  );
  await wakeups.start();
}

describe('job wake-ups', () => {
  it('wake a worker per batch of the new jobs, in turn, when the jobs commit', async () => {
    const woken: string[] = [];
    await listening(woken);
    await t.deps.orm.em.fork().transactional((em) => JobWakeups.announce(em, 'webhook', 9));
    await until('three wake-ups', async () => (woken.length >= 3 ? true : undefined), 5_000);
    expect(woken).toEqual(['w0', 'w1', 'w2']);
    await t.deps.orm.em.fork().transactional((em) => JobWakeups.announce(em, 'webhook', 1));
    await until('a fourth wake-up', async () => (woken.length >= 4 ? true : undefined), 5_000);
    expect(woken[3]).toBe('w3');
    // Another queue's jobs wake none of these.
    await t.deps.orm.em.fork().transactional((em) => JobWakeups.announce(em, 'email', 40));
    await new Promise((r) => setTimeout(r, 200));
    expect(woken).toHaveLength(4);
  });

  it('wake idle workers before busy ones (a busy one may be waiting out a hanging endpoint)', async () => {
    const woken: string[] = [];
    await listening(woken);
    for (const id of ['w0', 'w1', 'w3']) wakeups!.working('webhook', id, true);
    await t.deps.orm.em.fork().transactional((em) => JobWakeups.announce(em, 'webhook', 12));
    await until('three wake-ups', async () => (woken.length >= 3 ? true : undefined), 5_000);
    expect(woken).toEqual(['w2', 'w4', 'w5']);
    // Done with its batch, w0 is idle again and its turn comes next time round.
    wakeups!.working('webhook', 'w0', false);
    for (let i = 6; i < 16; i++) wakeups!.working('webhook', `w${i}`, true);
    await t.deps.orm.em.fork().transactional((em) => JobWakeups.announce(em, 'webhook', 8));
    await until('two more', async () => (woken.length >= 5 ? true : undefined), 5_000);
    expect(woken.slice(3)).toEqual(['w0', 'w2']);
  });

  it('wake no one for jobs whose transaction rolled back', async () => {
    const woken: string[] = [];
    await listening(woken);
    await expect(
      t.deps.orm.em.fork().transactional(async (em) => {
        await JobWakeups.announce(em, 'webhook', 8);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await new Promise((r) => setTimeout(r, 300));
    expect(woken).toEqual([]);
  });
});
