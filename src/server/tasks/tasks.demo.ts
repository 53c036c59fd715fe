import type { EntityManager } from '@mikro-orm/postgresql';
import { demoContacts } from '../contacts/contact-lookup.service';
import { firstAdmin } from '../users/user-lookup.service';
import { Task } from './task.entity';

const HOUR = 3600_000;

/** A fresh install's first admin has follow-ups: one overdue, one later today, one next week. */
export async function seedDemoTasks(em: EntityManager): Promise<void> {
  const admin = await firstAdmin(em);
  // Seeding runs on every start with SEED_DEMO=1: an install that has tasks keeps its own.
  if (!admin || (await em.count(Task, {}))) return;
  const [first, second, third] = await demoContacts(em);
  const now = Date.now();
  const tasks: [string, number, typeof first][] = [
    ['Send the pricing sheet promised on the call', -26 * HOUR, first],
    ['Call back about the pilot', 2 * HOUR, second],
    ['Check in after the demo', 7 * 24 * HOUR, third],
  ];
  for (const [title, offset, contact] of tasks)
    em.create(Task, {
      title,
      dueAt: new Date(now + offset),
      assignee: admin,
      contact: contact ?? null,
      createdBy: admin,
      doneAt: null,
      reminderMessageId: null,
    });
  await em.flush();
}
