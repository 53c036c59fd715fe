import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type TAttribution,
  type TContact,
  type TContactCreate,
  type TContactFind,
  type TContactPage,
  type TContactStatus,
  type TContactStatusCounts,
  type TOwnerFilter,
} from '../../shared/contacts.schema';
import { recordContactActivity } from '../contact-activity/contact-activity.service';
import { notFound } from '../errors';
import { queueWebhookEvent } from '../webhooks/webhook-events.service';
import type { WebhookNotifier } from '../webhooks/webhook-settings';
import { User } from '../users/user.entity';
import { Contact } from './contact.entity';
import { contactBatches } from './contacts-list.stream';
import { toContactView } from './contact.view';
import { maintainedStatusCounts, type CountOwner } from './contact-counts.service';

type ContactData = Omit<TContactCreate, 'source'> &
  Partial<TAttribution> & {
    source?: string | null;
    status?: TContactStatus;
    ownerId?: number | null;
  };

export async function createContact(em: EntityManager, input: ContactData): Promise<TContact> {
  const contact = em.create(Contact, {
    name: input.name,
    email: input.email,
    company: input.company ?? null,
    phone: input.phone ?? null,
    message: input.message ?? null,
    source: input.source ?? 'website',
    status: input.status ?? 'new',
    utmSource: input.utmSource ?? null,
    utmMedium: input.utmMedium ?? null,
    utmCampaign: input.utmCampaign ?? null,
    utmTerm: input.utmTerm ?? null,
    utmContent: input.utmContent ?? null,
    referrer: input.referrer ?? null,
    landingPage: input.landingPage ?? null,
    owner: input.ownerId ? em.getReference(User, input.ownerId) : null,
  });
  await em.flush();
  return toContactView(contact);
}

/**
 * The spec's list, every contact newest first, for tRPC callers (one call per request: the
 * procedure is unbatchable). REST streams the same batches (contacts-list.route.ts).
 */
export async function listAllContacts(em: EntityManager): Promise<TContact[]> {
  const all: TContact[] = [];
  for await (const batch of contactBatches(em)) all.push(...batch);
  return all;
}

/** `%term%` for ILIKE with the user's wildcards taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function searchFilter(search: string | undefined) {
  if (!search) return {};
  const pattern = likePattern(search);
  return {
    $or: [
      { name: { $ilike: pattern } },
      { email: { $ilike: pattern } },
      { company: { $ilike: pattern } },
    ],
  };
}

/** Whose contacts: `me` is the signed-in user (none without one), `unassigned` nobody's. */
export function ownerFilter(ownerId: TOwnerFilter | undefined, actorId: number | undefined) {
  if (ownerId === undefined) return {};
  if (ownerId === 'unassigned') return { owner: null };
  return { owner: ownerId === 'me' ? (actorId ?? 0) : ownerId };
}

/** The list's filters (search, owner) that the per-status counts also apply. */
export function contactFilter(filter: Pick<TContactFind, 'search' | 'ownerId'>, actorId?: number) {
  return { ...searchFilter(filter.search), ...ownerFilter(filter.ownerId, actorId) };
}

/** One page of contacts for the admin screen: keyset paging on id, filters and counts in SQL. */
export async function findContacts(
  em: EntityManager,
  query: TContactFind,
  actorId?: number,
): Promise<TContactPage> {
  const limit = query.limit ?? 50;
  const base = contactFilter(query, actorId);
  const where = {
    ...base,
    ...(query.status ? { status: query.status } : {}),
    ...(query.cursor ? { id: { $lt: query.cursor } } : {}),
  };
  const [rows, counts] = await Promise.all([
    em.find(Contact, where, { orderBy: { id: 'desc' }, limit: limit + 1 }),
    // Without a search the maintained counters answer; a search counts its matches.
    query.search
      ? countContactsByStatus(em, base)
      : maintainedStatusCounts(em, countOwner(query.ownerId, actorId)),
  ]);
  const items = rows.slice(0, limit).map(toContactView);
  return {
    items,
    nextCursor: rows.length > limit ? (items[items.length - 1]?.id ?? null) : null,
    total: query.status ? counts[query.status] : counts.all,
    counts,
  };
}

function countOwner(ownerId: TOwnerFilter | undefined, actorId: number | undefined): CountOwner {
  if (ownerId === undefined) return undefined;
  if (ownerId === 'unassigned') return 'unassigned';
  return { userId: ownerId === 'me' ? (actorId ?? 0) : ownerId };
}

/** Contacts per status (and `all`) among those matching `where`, zero for a status with none. */
export async function countContactsByStatus(
  em: EntityManager,
  where: object = {},
): Promise<TContactStatusCounts> {
  const rows = await em
    .createQueryBuilder(Contact)
    .select(['status', raw('count(*) as count')])
    .where(where)
    .groupBy('status')
    .execute<{ status: TContactStatus; count: string }[]>();
  const counts: TContactStatusCounts = { all: 0, new: 0, contacted: 0, qualified: 0, converted: 0 };
  for (const row of rows) {
    const n = Number(row.count);
    counts.all += n;
    counts[row.status] += n; // the column's check constraint admits only CONTACT_STATUSES
  }
  return counts;
}

export async function getContact(em: EntityManager, id: number): Promise<TContact> {
  const contact = await em.findOne(Contact, { id });
  if (!contact) throw notFound('Contact', id);
  return toContactView(contact);
}

/**
 * Sets the status and, when it really changed, records it on the timeline and queues the
 * contact.status_changed webhooks in the same transaction (a rollback sends nothing).
 */
export async function updateContactStatus(
  em: EntityManager,
  id: number,
  status: TContactStatus,
  notifier: WebhookNotifier,
  actorId: number | null = null,
): Promise<TContact> {
  return em.transactional(async (tem) => {
    const contact = await tem.findOne(Contact, { id });
    if (!contact) throw notFound('Contact', id);
    const from = contact.status;
    const changed = from !== status;
    // The first move away from `new` is the lead's first answer (speed-to-lead analytics).
    if (changed && contact.status === 'new' && !contact.firstRespondedAt)
      contact.firstRespondedAt = new Date();
    contact.status = status;
    await tem.flush();
    const view = toContactView(contact);
    if (changed) {
      await recordContactActivity(tem, {
        contactId: id,
        type: 'status_changed',
        actorId,
        data: { from, to: status },
      });
      await queueWebhookEvent(tem, 'contact.status_changed', view, notifier.webhooks);
    }
    return view;
  });
}

export async function deleteContact(em: EntityManager, id: number): Promise<void> {
  const deleted = await em.nativeDelete(Contact, { id });
  if (deleted === 0) throw notFound('Contact', id);
}

/** Deletes every contact (and, through the foreign key, their service inquiries). */
export async function deleteAllContacts(em: EntityManager): Promise<number> {
  return em.nativeDelete(Contact, {});
}
