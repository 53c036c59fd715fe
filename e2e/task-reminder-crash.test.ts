// A task's reminder across a crash: the app is killed (SIGKILL) once the reminder fell due and
// its first send failed (the SMTP server was down); after a restart on the same database the
// assignee gets it exactly once.
import { expect, it } from 'vitest';
import type { TOutboxMessage } from '../src/shared/notifications.schema';
import type { TTask } from '../src/shared/tasks.schema';
import { until } from '../src/server/test/until';
import { adminApi } from './support/app-server';
import { useMailCrashDrill } from './support/mail-crash';

const drill = useMailCrashDrill();

it('sends a due task’s reminder exactly once after the app was killed before sending it', async () => {
  let app = await drill.start();
  let api = await adminApi(app.url);
  const created = await api('POST', '/tasks', {
    title: 'Call Ada back',
    dueAt: new Date(Date.now() + 2000).toISOString(),
  });
  expect(created.status).toBe(201);
  const task = (await created.json()) as TTask;
  const failedOnce = await until(
    'the reminder’s failed first attempt',
    async () => {
      const outbox = (await (await api('GET', '/notifications/outbox')).json()) as TOutboxMessage[];
      return outbox.find((m) => m.kind === 'task_reminder' && m.lastError);
    },
    30_000,
  );
  expect(failedOnce).toMatchObject({ status: 'queued', attempts: 1 });
  const recovered = await drill.crashAndRecover();
  app = recovered.app;
  const { inbox } = recovered;
  const [reminder] = await inbox.waitFor(1, 60_000);
  expect(reminder?.subject).toBe('Task due: Call Ada back');
  expect(reminder?.messageId).toBe(`<notification-${failedOnce.id}@convoza>`);
  await new Promise((r) => setTimeout(r, 3000));
  expect(inbox.messages).toHaveLength(1);
  api = await adminApi(app.url);
  const outbox = (await (await api('GET', '/notifications/outbox')).json()) as TOutboxMessage[];
  expect(outbox.filter((m) => m.kind === 'task_reminder')).toEqual([
    expect.objectContaining({ id: failedOnce.id, status: 'sent', attempts: 2 }),
  ]);
  expect(task.done).toBe(false);
}, 120_000);
