import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ATTRIBUTION_FIELDS,
  ZContactCreate,
  type TAttribution,
  type TContact,
  type TContactCreate,
  type TContactFind,
  type TContactPage,
  type TContactStatus,
  type TContactStatusCounts,
  type TOwnerFilter,
} from '../../shared/contacts.schema';
import { notFound } from '../errors';
import type { EventBus } from '../events/event-bus';
import { Contact, type IContact } from './contact.entity';
import { insertContactRows, type NewContact } from './contact-insert.sql';
import { contactPageRows, contactsWithIds } from './contact-rows.sql';
import { contactFilterSql, hasOriginFilter, withStatusSql } from './contact-filter.sql';
import { searchCondition, searchCounts, searchPageIds } from './contact-search.sql';
import type { TSearchHit } from '../../shared/search.schema';
import { contactBatches } from './contacts-list.stream';
import { toContactView } from './contact.view';
import { maintainedStatusCounts, type CountOwner } from './contact-counts.sql';
import type { StoredConsent } from '../privacy/consent.service';

/** A contact's name and email, and any other field a create may set (a missing one is null). */
type ContactData = Pick<TContactCreate, 'name' | 'email'> &
  Partial<Omit<TContactCreate, 'source'>> &
  Partial<TAttribution> & {
    source?: string | null;
    status?: TContactStatus;
    ownerId?: number | null;
    /** Given with a submission; none for a lead the team enters (nobody was shown a notice). */
    consent?: StoredConsent;
  };

/** What a create may set: the create schema's fields and the attribution, from src/shared. */
const SETTABLE_FIELDS = [...Object.keys(ZContactCreate.shape), ...ATTRIBUTION_FIELDS] as const;

/** The ids of a person's contacts, by their addresses (an erasure starts there). */
export { contactIdsWithAddresses } from './contact-erasure.sql';

export async function createContact(em: EntityManager, input: ContactData): Promise<TContact> {
  const [contact] = await createContacts(em, [input]);
  return contact!;
}

/**
 * Several contacts in one multi-row insert, answered in order. Written past the unit of work
 * (no entity to track: every caller publishes contact.created, which files the audit entry), so
 * a group commit's leads cost one statement and no change sets.
 */
export async function createContacts(
  em: EntityManager,
  inputs: readonly ContactData[],
): Promise<TContact[]> {
  const now = new Date();
  const rows = inputs.map((input) => {
    const given = input as Record<string, unknown>;
    const fields = Object.fromEntries(SETTABLE_FIELDS.map((f) => [f, given[f] ?? null]));
    return {
      ...(fields as Omit<ContactData, 'ownerId' | 'status' | 'consent'>),
      source: input.source ?? 'website',
      status: input.status ?? 'new',
      owner: input.ownerId ? { id: input.ownerId } : null,
      consentNoticeVersion: input.consent?.noticeVersion ?? null,
      marketingOptIn: input.consent?.marketingOptIn ?? false,
      consentGivenAt: input.consent?.givenAt ?? null,
      firstRespondedAt: null,
      createdAt: now,
      updatedAt: now,
    };
  });
  const ids = await insertContactRows(em, rows as unknown as NewContact[]);
  // The view of what was written: the same values, with the ids the insert answered.
  return rows.map((row, i) => toContactView({ ...row, id: ids[i]! } as unknown as IContact));
}

/**
 * The product's list, every contact newest first, for tRPC callers (one call per request: the
 * procedure is unbatchable). REST streams the same batches (contacts-list.route.ts).
 */
export async function listAllContacts(em: EntityManager): Promise<TContact[]> {
  const all: TContact[] = [];
  for await (const batch of contactBatches(em)) all.push(...batch);
  return all;
}

function countOwner(ownerId: TOwnerFilter | undefined, actorId: number | undefined): CountOwner {
  if (ownerId === undefined) return undefined;
  if (ownerId === 'unassigned') return 'unassigned';
  return { userId: ownerId === 'me' ? (actorId ?? 0) : ownerId };
}

/**
 * One page of contacts for the admin screen: keyset paging on id, newest first. Without a search
 * the ORM's query and the maintained counters answer; a search goes through
 * contact-search.sql.ts (window first, then the trigram indexes) with counts up to a cap.
 */
export async function findContacts(
  em: EntityManager,
  query: TContactFind,
  actorId?: number,
): Promise<TContactPage> {
  const limit = query.limit ?? 50;
  // Narrowed by text or by origin, the list is counted on the rows (up to a cap), not by the
  // maintained counters.
  if (query.search || hasOriginFilter(query))
    return searchContacts(em, { ...query, search: query.search ?? '', limit }, actorId ?? 0);
  const where = contactFilterSql({ status: query.status, ownerId: query.ownerId }, actorId ?? 0);
  const [rows, counts] = await Promise.all([
    // Without an owner filter the page's best plan never depends on the values (id order, or
    // a status that is never rare enough for its index to pay): planned once per connection.
    contactPageRows(em, where, query.cursor, limit + 1, query.ownerId === undefined),
    maintainedStatusCounts(em, countOwner(query.ownerId, actorId)),
  ]);
  return page(rows, limit, counts, true, query.status);
}

async function searchContacts(
  em: EntityManager,
  query: TContactFind & { search: string; limit: number },
  actorId: number,
): Promise<TContactPage> {
  // The counts are over the search, owner and origin, not the status filter (the badges pick a
  // status).
  const { status: _status, cursor: _cursor, limit: _limit, ...counting } = query;
  const counted = contactFilterSql(counting, actorId);
  const listed = withStatusSql(counted, query.status);
  const { ids, common } = await searchPageIds(em, listed, query.cursor, query.limit + 1);
  const [rows, { counts, exact }] = await Promise.all([
    ids.length ? contactsWithIds(em, ids) : [],
    searchCounts(em, counted, common),
  ]);
  return page(rows, query.limit, counts, exact, query.status);
}

function page(
  rows: TContact[],
  limit: number,
  counts: TContactStatusCounts,
  countsExact: boolean,
  status: TContactStatus | undefined,
): TContactPage {
  const items = rows.slice(0, limit);
  return {
    items,
    nextCursor: rows.length > limit ? (items[items.length - 1]?.id ?? null) : null,
    total: status ? counts[status] : counts.all,
    counts,
    countsExact,
  };
}

/** The contacts with these ids as they now are, in the order asked: one read for them all. */
export async function getContacts(em: EntityManager, ids: readonly number[]): Promise<TContact[]> {
  const byId = new Map((await contactsWithIds(em, [...ids])).map((c) => [c.id, c]));
  return ids.map((id) => {
    const contact = byId.get(id);
    if (!contact) throw notFound('Contact', id);
    return contact;
  });
}

export async function getContact(em: EntityManager, id: number): Promise<TContact> {
  const contact = await em.findOne(Contact, { id });
  if (!contact) throw notFound('Contact', id);
  return toContactView(contact);
}

/**
 * Sets the status and, when it really changed, publishes contact.status_changed in the same
 * transaction (the timeline and the webhooks follow it; a rollback sends nothing).
 */
export async function updateContactStatus(
  em: EntityManager,
  id: number,
  status: TContactStatus,
  events: EventBus,
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
    if (changed)
      await events.publish(tem, 'contact.status_changed', { contact: view, from, actorId });
    return view;
  });
}

export async function deleteContact(
  em: EntityManager,
  id: number,
  events: EventBus,
): Promise<void> {
  // Told before the row goes (a missing one rolls the whole write back with the 404).
  await events.publish(em, 'contacts.deleting', { contactIds: [id] });
  const deleted = await em.nativeDelete(Contact, { id });
  if (deleted === 0) throw notFound('Contact', id);
  await events.publish(em, 'contact.deleted', { contactId: id });
}

/**
 * Deletes every contact (and, through the foreign keys, their timelines, tasks, bookings and
 * service inquiries), in the caller's transaction.
 */
export async function deleteAllContacts(em: EntityManager, events: EventBus): Promise<number> {
  await events.publish(em, 'contacts.deleting', { contactIds: 'all' });
  return em.nativeDelete(Contact, {});
}

/**
 * Up to `limit` contacts matching the search box's rule (searchCondition), newest first, as a
 * hit: the name, and the email and company under it.
 */
export async function searchContactsBrief(
  em: EntityManager,
  term: string,
  limit: number,
): Promise<TSearchHit[]> {
  const { ids } = await searchPageIds(em, searchCondition(term), undefined, limit);
  if (!ids.length) return [];
  const contacts = await contactsWithIds(em, ids);
  return contacts.map((c) => ({
    id: c.id,
    title: c.name,
    subtitle: [c.email, c.company].filter(Boolean).join(' · '),
  }));
}
