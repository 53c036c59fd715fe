// Tasks as a rep uses them: one added from a contact's details shows on its timeline and on the
// Tasks page, an overdue one in red, and a tick marks it done. At 1280 and 375 px.
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations, screenshotAndAxe } from './support/public';
import {
  adminPage,
  cardMenu,
  closeToasts,
  expectToast,
  insertContact,
  PHONE,
  RENDERED,
  useAdminSuite,
  unexpectedErrors,
} from './support/admin';
import { shot } from './support/browser';

const suite = useAdminSuite();
beforeAll(async () => {
  const id = await insertContact(suite, { name: 'Maya Patel', email: 'maya@northwind.test' });
  const [admin] = await suite.sql<{ id: number }>(
    `select id from users where username = 'e2e-admin'`,
  );
  await suite.sql(
    "update contacts set owner_id = $1, created_at = now() - interval '3 hours' where id = $2",
    [admin!.id, id],
  );
  await suite.sql(
    `insert into tasks (title, due_at, assignee_id, contact_id) values ('Send the case study', now() - interval '2 hours', $1, $2)`,
    [admin!.id, id],
  );
});

describe('tasks', () => {
  it('adds a task from a contact’s details; it shows on the timeline and the contact’s tasks (desktop)', async () => {
    const p = await adminPage(suite);
    const { page } = p;
    await page.goto('/admin/contacts');
    await cardMenu(page, 'Actions for Maya Patel', 'View Details');
    const details = page.getByRole('dialog', { name: 'Contact Details' });
    const tasks = details.getByRole('list', { name: 'Tasks about Maya Patel' });
    await expect
      .poll(() => tasks.getByText('Send the case study').isVisible(), RENDERED)
      .toBe(true);
    await details.getByRole('button', { name: 'Add Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Task' });
    await dialog.getByLabel('Title').fill('Call back Tuesday');
    await dialog.screenshot({ path: shot('task-add-desktop.png') });
    await dialog.getByRole('button', { name: 'Add Task' }).click();
    await expectToast(page, 'Success', 'Task created successfully');
    await closeToasts(page);
    await expect.poll(() => tasks.getByText('Call back Tuesday').isVisible(), RENDERED).toBe(true);
    const activity = details.getByRole('list', { name: 'Activity' });
    await expect
      .poll(() => activity.getByText('added a task for', { exact: false }).first().isVisible())
      .toBe(true);
    const [row] = await suite.sql<{ due_at: Date; assignee: string }>(
      `select t.due_at, u.username as assignee from tasks t join users u on u.id = t.assignee_id where title = 'Call back Tuesday'`,
    );
    expect(row!.assignee).toBe('e2e-admin');
    expect(row!.due_at.getTime()).toBeGreaterThan(Date.now());
    await details.screenshot({ path: shot('contact-tasks-desktop.png') });
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });

  it('shows the overdue task and the lead waiting on My Day (desktop)', async () => {
    const p = await adminPage(suite);
    const { page } = p;
    await page.goto('/admin');
    const tasks = page.getByRole('region', { name: 'Tasks due' });
    await expect
      .poll(() => tasks.getByText('Send the case study').isVisible(), RENDERED)
      .toBe(true);
    expect(await tasks.innerText()).toContain('Overdue:');
    const leads = page.getByRole('region', { name: 'New leads waiting' });
    expect(await leads.innerText()).toMatch(/Maya Patel\s+waiting 3 h/);
    await page.getByRole('heading', { name: 'My Day' }).scrollIntoViewIfNeeded();
    expect(await screenshotAndAxe(page, 'my-day-desktop.png')).toEqual([]);
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });

  it('lists my open tasks with the overdue one in red, and marks it done (phone)', async () => {
    const p = await adminPage(suite, { viewport: PHONE });
    const { page } = p;
    await page.goto('/admin/tasks');
    const list = page.getByRole('list', { name: 'Tasks' });
    await expect.poll(() => list.getByTestId('task-row').count(), RENDERED).toBe(2);
    const rows = await list.getByTestId('task-row').allInnerTexts();
    expect(rows[0]).toContain('Send the case study');
    expect(rows[0]).toContain('Overdue:');
    const overdue = list.getByText('Overdue:', { exact: false });
    // Tailwind's red-700 (oklch, hue about 27: red).
    expect(await overdue.evaluate((el) => getComputedStyle(el).color)).toMatch(
      /^oklch\(0\.5\d* 0\.2\d* 2\d/,
    );
    expect(await screenshotAndAxe(page, 'tasks-phone.png', { fullPage: true })).toEqual([]);
    await list.getByRole('checkbox', { name: 'Mark done: Send the case study' }).click();
    await expectToast(page, 'Success', 'Task updated successfully');
    await expect.poll(() => list.getByTestId('task-row').count(), RENDERED).toBe(1);
    expect(
      await suite.sql(`select title from tasks where done_at is not null order by id`),
    ).toEqual([{ title: 'Send the case study' }]);
    await page.goto('/admin');
    const due = page.getByRole('region', { name: 'Tasks due' });
    await expect.poll(() => due.getByText('Nothing due today.').isVisible(), RENDERED).toBe(true);
    expect(unexpectedErrors(p.consoleErrors)).toEqual([]);
    await p.close();
  });
});
