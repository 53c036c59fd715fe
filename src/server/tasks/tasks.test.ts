// Tasks over REST and tRPC: the contract of POST/GET/PATCH/DELETE /api/tasks, what the contact's
// timeline and the audit say, and the reminder email at the due time (real SMTP).
import { beforeEach, describe, expect, it } from 'vitest';
import type { TAuditPage } from '../../shared/audit.schema';
import type { TContactActivity } from '../../shared/contact-activity.schema';
import type { TContact } from '../../shared/contacts.schema';
import type { TTask, TTaskPage } from '../../shared/tasks.schema';
import type { RestErrorBody } from '../test/rest-error-body';
import { useMailTestApp, useSignedIn } from '../test/use-test-app';

const { inbox, t } = await useMailTestApp();
const admin = useSignedIn(t, 'admin');

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.em().getConnection().execute<T[]>(text, params);

const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
const hoursAgo = (h: number) => inHours(-h);

let contact: TContact;
beforeEach(async () => {
  contact = (
    await admin.rest<TContact>('POST', '/contacts/manual', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    })
  ).body;
});

const timeline = async (id: number) =>
  (await admin.rest<TContactActivity[]>('GET', `/contacts/${id}/activity`)).body;

describe('POST /api/tasks', () => {
  it('answers 201 with the task (assigned to the caller), puts it on the contact’s timeline and audits it', async () => {
    const dueAt = '2030-03-05T09:00:00.000Z';
    const res = await admin.rest<TTask>('POST', '/tasks', {
      title: 'Call back Tuesday',
      dueAt: '2030-03-05T10:00:00+01:00',
      contactId: contact.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: 'Call back Tuesday',
      dueAt,
      assignee: { id: admin.userId, name: expect.any(String) },
      contact: { id: contact.id, name: 'Ada Lovelace' },
      done: false,
      doneAt: null,
      createdAt: expect.any(String),
    });
    expect((await admin.rest<TTask>('GET', `/tasks/${res.body.id}`)).body).toEqual(res.body);
    expect((await timeline(contact.id))[0]).toMatchObject({
      type: 'task_created',
      actor: { id: admin.userId },
      data: { taskId: res.body.id, title: 'Call back Tuesday', dueAt, assigneeId: admin.userId },
    });
    const audited = (await admin.rest<TAuditPage>('GET', '/audit-log?entityType=task')).body.items;
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ action: 'create', entityId: String(res.body.id) });
  });

  it('assigns another back-office user over tRPC; a task without a contact has none', async () => {
    const rep = await t.signedIn('admin');
    const task = await admin.trpc.admin.tasks.create.mutate({
      title: 'Prepare the demo',
      dueAt: inHours(30),
      assigneeId: rep.userId,
    });
    expect(task.assignee.id).toBe(rep.userId);
    expect(task).not.toHaveProperty('contact');
  });

  it('refuses bad input with 400 naming the field, storing nothing', async () => {
    const user = await t.signedIn('user');
    const due = inHours(1);
    const cases: [object, string][] = [
      [{ dueAt: due }, 'title'],
      [{ title: '   ', dueAt: due }, 'title'],
      [{ title: 'x'.repeat(201), dueAt: due }, 'title'],
      [{ title: 'Call', dueAt: 'next tuesday' }, 'dueAt'],
      [{ title: 'Call' }, 'dueAt'],
      [{ title: 'Call', dueAt: due, assigneeId: user.userId }, 'assigneeId'],
      [{ title: 'Call', dueAt: due, assigneeId: 999999 }, 'assigneeId'],
      [{ title: 'Call', dueAt: due, contactId: 999999 }, 'contactId'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.rest<RestErrorBody>('POST', '/tasks', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data?.fieldErrors?.[field], JSON.stringify(res.body)).toBeTruthy();
    }
    expect(
      (await admin.rest('POST', '/tasks', { title: 'Call', dueAt: due, priority: 'high' })).status,
    ).toBe(400);
    await expect(
      admin.trpc.admin.tasks.create.mutate({ title: 'Call', dueAt: 'soon' }),
    ).rejects.toThrow(/ISO 8601/);
    expect(await sql('select id from tasks')).toEqual([]);
  });

  it('is for signed-in admins only', async () => {
    const body = { title: 'Call', dueAt: inHours(1) };
    expect((await t.anonymous().rest('POST', '/tasks', body)).status).toBe(401);
    expect((await (await t.signedIn('user')).rest('GET', '/tasks')).status).toBe(403);
  });
});

describe('GET /api/tasks', () => {
  it('filters by assignee, contact, state and due, sorted by due time, paged by cursor', async () => {
    const rep = await t.signedIn('admin');
    const make = (title: string, dueAt: string, extra: object = {}) =>
      admin.trpc.admin.tasks.create.mutate({ title, dueAt, ...extra });
    const overdue = await make('Overdue', hoursAgo(1), { contactId: contact.id });
    const later = await make('Later', inHours(48));
    const soon = await make('Soon', inHours(0.5), { assigneeId: rep.userId });
    const done = await make('Done', hoursAgo(2));
    await admin.trpc.admin.tasks.update.mutate({ id: done.id, done: true });

    const titles = async (query: string) =>
      (await admin.rest<TTaskPage>('GET', `/tasks${query}`)).body.items.map((x) => x.title);
    expect(await titles('')).toEqual(['Done', 'Overdue', 'Soon', 'Later']);
    expect(await titles('?state=open')).toEqual(['Overdue', 'Soon', 'Later']);
    expect(await titles('?state=done')).toEqual(['Done']);
    expect(await titles('?due=overdue')).toEqual(['Overdue']);
    expect(await titles('?due=upcoming')).toEqual(['Soon', 'Later']);
    expect(await titles(`?assigneeId=${rep.userId}`)).toEqual(['Soon']);
    expect(await titles(`?contactId=${contact.id}`)).toEqual(['Overdue']);
    const today = await titles('?due=today');
    expect(today).not.toContain('Later');

    const first = (await admin.rest<TTaskPage>('GET', '/tasks?limit=2')).body;
    expect(first.items.map((x) => x.id)).toEqual([done.id, overdue.id]);
    const second = await admin.trpc.admin.tasks.list.query({
      limit: 2,
      cursor: first.nextCursor!,
    });
    expect(second.items.map((x) => x.id)).toEqual([soon.id, later.id]);
    expect(second.nextCursor).toBeNull();

    for (const bad of ['?state=later', '?due=tomorrow', '?limit=0', '?cursor=abc'])
      expect((await admin.rest('GET', `/tasks${bad}`)).status, bad).toBe(400);
  });
});

describe('GET /api/tasks paging over rows written in SQL', () => {
  it('neither repeats nor skips a task whose due time has microseconds', async () => {
    await sql(
      `insert into tasks (title, due_at, assignee_id)
       select 'Task ' || g, timestamptz '2031-01-01 09:00:00.123456+00' + g * interval '1 second', ?
         from generate_series(1, 3) g`,
      [admin.userId],
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await admin.trpc.admin.tasks.list.query({
        limit: 1,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.items.map((x) => x.title));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(['Task 1', 'Task 2', 'Task 3']);
  });
});

describe('PATCH and DELETE /api/tasks/{id}', () => {
  it('marks done and reassigns, each on the timeline; the same values again change nothing', async () => {
    const rep = await t.signedIn('admin');
    const task = (
      await admin.rest<TTask>('POST', '/tasks', {
        title: 'Send the proposal',
        dueAt: inHours(5),
        contactId: contact.id,
      })
    ).body;
    const reassigned = await admin.rest<TTask>('PATCH', `/tasks/${task.id}`, {
      assigneeId: rep.userId,
    });
    expect(reassigned.status).toBe(200);
    expect(reassigned.body.assignee.id).toBe(rep.userId);
    const finished = await admin.trpc.admin.tasks.update.mutate({ id: task.id, done: true });
    expect(finished).toMatchObject({ done: true, doneAt: expect.any(String) });
    const kinds = (await timeline(contact.id)).map((e) => e.type);
    expect(kinds.slice(0, 3)).toEqual(['task_done', 'task_reassigned', 'task_created']);
    await admin.trpc.admin.tasks.update.mutate({ id: task.id, done: true });
    expect(await timeline(contact.id)).toHaveLength(kinds.length);
  });

  it('refuses bad input (400 naming the field), an unknown task (404), and deletes with 204', async () => {
    const task = await admin.trpc.admin.tasks.create.mutate({ title: 'X', dueAt: inHours(1) });
    for (const [body, field] of [
      [{ title: '' }, 'title'],
      [{ dueAt: 'never' }, 'dueAt'],
      [{ done: 'yes' }, 'done'],
    ] as const) {
      const res = await admin.rest<RestErrorBody>('PATCH', `/tasks/${task.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data?.fieldErrors?.[field]).toBeTruthy();
    }
    const empty = await admin.rest<RestErrorBody>('PATCH', `/tasks/${task.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Send at least one of');
    expect((await admin.rest('PATCH', '/tasks/999999', { done: true })).status).toBe(404);

    const gone = await admin.fetch(`/api/tasks/${task.id}`, { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect(await gone.text()).toBe('');
    expect((await admin.rest('GET', `/tasks/${task.id}`)).status).toBe(404);
    expect((await admin.rest('DELETE', `/tasks/${task.id}`)).status).toBe(404);
    const other = await admin.trpc.admin.tasks.create.mutate({ title: 'Y', dueAt: inHours(1) });
    await admin.trpc.admin.tasks.delete.mutate({ id: other.id });
    expect(await sql('select id from tasks')).toEqual([]);
  });

  it('keeps a user with open tasks from being deleted (409) until they are done', async () => {
    const rep = await t.signedIn('admin');
    const task = await admin.trpc.admin.tasks.create.mutate({
      title: 'Follow up',
      dueAt: inHours(3),
      assigneeId: rep.userId,
    });
    const refused = await admin.rest<RestErrorBody>('DELETE', `/users/${rep.userId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 open task');
    await admin.trpc.admin.tasks.update.mutate({ id: task.id, assigneeId: admin.userId });
    expect((await admin.rest('DELETE', `/users/${rep.userId}`)).status).toBe(200);
  });
});

describe('the reminder', () => {
  const reminders = () => inbox.messages.filter((m) => m.subject?.startsWith('Task due'));

  it('emails the assignee once at the due time', async () => {
    const task = await admin.trpc.admin.tasks.create.mutate({
      title: 'Call Ada back',
      dueAt: new Date(Date.now() + 1500).toISOString(),
      contactId: contact.id,
    });
    expect(reminders()).toHaveLength(0);
    await inbox.waitFor(1, 15_000);
    const [mail] = reminders();
    expect(mail!.subject).toBe('Task due: Call Ada back');
    const [me] = await sql<{ email: string }>('select email from users where id = ?', [
      admin.userId,
    ]);
    expect(JSON.stringify(mail!.to)).toContain(me!.email);
    expect(mail!.text).toContain('"Call Ada back" (about Ada Lovelace) is due now');
    expect(mail!.text).toContain(`/admin/contacts?contact=${contact.id}`);
    await new Promise((r) => setTimeout(r, 1500));
    expect(reminders()).toHaveLength(1);
    const [row] = await sql<{ status: string }>(
      `select status from notification_messages where kind = 'task_reminder'`,
    );
    expect(row!.status).toBe('sent');
    expect(task.done).toBe(false);
  });

  it('is not sent once its contact is gone: deleted one by one (REST), in bulk (tRPC), erased (REST) or all at once (tRPC)', async () => {
    const soon = () => new Date(Date.now() + 2500).toISOString();
    const lead = async (email: string) =>
      (await admin.rest<TContact>('POST', '/contacts/manual', { name: 'Gone Soon', email })).body;
    const [one, bulk, erased, all] = await Promise.all(
      ['one@example.com', 'bulk@example.com', 'erased@example.com', 'all@example.com'].map(lead),
    );
    for (const [title, about] of [
      ['Call one', one!],
      ['Call bulk', bulk!],
      ['Call erased', erased!],
      ['Call all', all!],
    ] as const)
      await admin.trpc.admin.tasks.create.mutate({ title, dueAt: soon(), contactId: about.id });
    // A task about nobody still reminds, so the worker is seen running.
    await admin.trpc.admin.tasks.create.mutate({ title: 'Still due', dueAt: soon() });
    expect((await admin.rest('DELETE', `/contacts/${one!.id}`)).status).toBe(200);
    await admin.trpc.admin.contacts.bulk.mutate({ ids: [bulk!.id], action: 'delete' });
    expect(
      (
        await admin.rest('POST', '/privacy/erasures', {
          email: 'erased@example.com',
          reason: 'Asked to be forgotten',
        })
      ).status,
    ).toBe(200);
    await admin.trpc.admin.contacts.deleteAll.mutate();
    await inbox.waitFor(1, 15_000);
    await new Promise((r) => setTimeout(r, 2500));
    expect(reminders().map((m) => m.subject)).toEqual(['Task due: Still due']);
    // Suppressed with the reason, in the deletions' transactions; the erased one's is gone.
    expect(
      await sql(
        `select subject, status, last_error from notification_messages
          where kind = 'task_reminder' order by subject`,
      ),
    ).toEqual([
      {
        subject: 'Task due: Call all',
        status: 'suppressed',
        last_error: 'The contact was deleted',
      },
      {
        subject: 'Task due: Call bulk',
        status: 'suppressed',
        last_error: 'The contact was deleted',
      },
      {
        subject: 'Task due: Call one',
        status: 'suppressed',
        last_error: 'The contact was deleted',
      },
      { subject: 'Task due: Still due', status: 'sent', last_error: null },
    ]);
  });

  it("is in the person's export and goes with their erasure when its title quotes the address", async () => {
    await admin.trpc.admin.tasks.create.mutate({
      title: 'Send the quote to grace@example.org',
      dueAt: inHours(48),
    });
    const exported = await admin.rest<{
      tasks: { title: string }[];
      messages: { subject: string }[];
    }>('POST', '/privacy/exports', { email: 'Grace@Example.org' });
    expect(exported.body.tasks.map((task) => task.title)).toEqual([
      'Send the quote to grace@example.org',
    ]);
    expect(exported.body.messages.map((m) => m.subject)).toEqual([
      'Task due: Send the quote to grace@example.org',
    ]);
    await admin.trpc.admin.privacy.erase.mutate({ email: 'grace@example.org', reason: 'Asked' });
    expect(await sql(`select title from tasks`)).toEqual([]);
    expect(
      await sql(`select subject from notification_messages where kind = 'task_reminder'`),
    ).toEqual([]);
    expect(
      await sql(`select id from pgboss.job where name = 'email' and state = 'created'`),
    ).toEqual([]);
  });

  it('is not sent for a task done before it is due, and follows a task moved or reassigned', async () => {
    const rep = await t.signedIn('admin', 'rep-moved');
    const done = await admin.trpc.admin.tasks.create.mutate({
      title: 'Finished early',
      dueAt: new Date(Date.now() + 1500).toISOString(),
    });
    await admin.trpc.admin.tasks.update.mutate({ id: done.id, done: true });
    const moved = await admin.trpc.admin.tasks.create.mutate({
      title: 'Moved',
      dueAt: inHours(24),
    });
    await admin.trpc.admin.tasks.update.mutate({
      id: moved.id,
      dueAt: new Date(Date.now() + 1500).toISOString(),
      assigneeId: rep.userId,
    });
    await inbox.waitFor(1, 15_000);
    await new Promise((r) => setTimeout(r, 2500));
    expect(reminders().map((m) => [m.subject, JSON.stringify(m.to)])).toEqual([
      ['Task due: Moved', expect.stringContaining('rep-moved@example.com')],
    ]);
    const statuses = await sql<{ subject: string; status: string }>(
      `select subject, status from notification_messages where kind = 'task_reminder' order by id`,
    );
    expect(statuses).toEqual([
      { subject: 'Task due: Finished early', status: 'suppressed' },
      { subject: 'Task due: Moved', status: 'suppressed' },
      { subject: 'Task due: Moved', status: 'sent' },
    ]);
  });
});
