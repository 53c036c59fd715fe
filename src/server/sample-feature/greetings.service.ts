import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContact } from '../../shared/contacts.schema';
import type { Orm } from '../db/orm-type';
import type { JobQueue } from '../jobs/job-queue';
import type { ErasedPeople, ExportSection } from '../privacy-hooks';
import { Greeting } from './greeting.entity';
import { GREETING_QUEUE } from './greeting.queue';

/** In the lead's transaction: its greeting, and the job that sends it (nothing lost, nothing twice). */
export async function greetLead(em: EntityManager, contact: TContact, queue: JobQueue | undefined) {
  const greeting = em.create(Greeting, {
    contactId: contact.id,
    email: contact.email.toLowerCase(),
    text: `Hello ${contact.name}, thanks for getting in touch.`,
    sentAt: null,
  });
  await em.flush();
  await queue?.sendInTransaction(em, GREETING_QUEUE, { greetingId: greeting.id });
}

/** The worker: marks each greeting sent (a real feature would send an email here). */
export const startGreetingWorker = (queue: JobQueue, orm: Orm) =>
  queue.work(GREETING_QUEUE, async ({ data }) => {
    await orm.em.fork().nativeUpdate(Greeting, { id: data.greetingId }, { sentAt: new Date() });
  });

/** The `sample.greeted` bodies of these new contacts: their greetings. */
export async function greetedBodies(em: EntityManager, contactIds: number[]) {
  const greetings = await em.find(
    Greeting,
    { contactId: { $in: contactIds } },
    { orderBy: { id: 'asc' } },
  );
  return greetings.map((g) => ({
    contactId: g.contactId,
    data: { contactId: g.contactId, greeting: g.text },
  }));
}

/** Its part of a person's erasure: their greetings go. */
export async function eraseGreetings(em: EntityManager, who: ErasedPeople) {
  await em.nativeDelete(Greeting, {
    $or: [{ contactId: { $in: who.contactIds } }, { email: { $in: who.addresses } }],
  });
  return {};
}

/** Its section of a person's export. */
export const greetingExport: ExportSection = {
  name: 'greetings',
  table: 'sample_greetings',
  rows: async (em, { email, contactIds }) =>
    (
      await em.find(
        Greeting,
        { $or: [{ contactId: { $in: contactIds } }, { email: email.toLowerCase() }] },
        { orderBy: { id: 'asc' } },
      )
    ).map((g) => ({ ...g })),
};
