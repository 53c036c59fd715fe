import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContact, TContactSubmit } from '../../shared/contacts.schema';
import {
  QUARANTINE_DAYS,
  type TQuarantinedSubmission,
  type TQuarantinePage,
  type TQuarantineQuery,
} from '../../shared/quarantine.schema';
import { likePattern } from '../db/sql-condition';
import { notFound } from '../errors';
import { storeLead } from '../contacts/store-lead.service';
import type { EventBus } from '../events/event-bus';
import {
  QuarantinedSubmission,
  type IQuarantinedSubmission,
} from './quarantined-submission.entity';

/** Keeps a submission the content filter objected to, in the caller's transaction. */
export async function quarantineSubmission(
  em: EntityManager,
  input: TContactSubmit,
  entry: { source: 'website' | 'api'; reason: string; ip: string; userAgent: string },
): Promise<void> {
  const { website: _honeypot, formToken: _token, ...payload } = input;
  const now = new Date();
  await em.insert(QuarantinedSubmission, {
    reason: entry.reason.slice(0, 500),
    payload: payload as TContactSubmit,
    source: entry.source,
    ip: entry.ip.slice(0, 64) || null,
    userAgent: entry.userAgent.slice(0, 500) || null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + QUARANTINE_DAYS * 86_400_000),
  });
}

function toView(row: IQuarantinedSubmission): TQuarantinedSubmission {
  return {
    id: row.id,
    reason: row.reason,
    name: row.payload.name,
    email: row.payload.email,
    company: row.payload.company ?? null,
    phone: row.payload.phone ?? null,
    message: row.payload.message,
    source: row.source,
    ip: row.ip ?? null,
    userAgent: row.userAgent ?? null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * What waits for review, newest first, a page at a time (keyset on id, which grows with time),
 * with how many match in all: spam can no longer push a real lead out of sight.
 */
export async function listQuarantine(
  em: EntityManager,
  query: TQuarantineQuery,
): Promise<TQuarantinePage> {
  const where = {
    expiresAt: { $gt: new Date() },
    ...(query.reason ? { reason: { $ilike: likePattern(query.reason) } } : {}),
  };
  const [rows, total] = await Promise.all([
    em.find(
      QuarantinedSubmission,
      query.cursor ? { ...where, id: { $lt: Number(query.cursor) } } : where,
      { orderBy: { id: 'desc' }, limit: query.limit + 1 },
    ),
    em.count(QuarantinedSubmission, where),
  ]);
  const items = rows.slice(0, query.limit).map(toView);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > query.limit && last ? String(last.id) : null, total };
}

/**
 * Makes a quarantined submission the lead it would have been (contact, lead emails, webhooks)
 * and removes it from quarantine, in one transaction; the row lock makes a second release 404.
 */
export async function releaseQuarantined(
  em: EntityManager,
  id: number,
  events: EventBus,
): Promise<TContact> {
  return em.transactional(async (tem) => {
    const row = await tem.findOne(
      QuarantinedSubmission,
      { id, expiresAt: { $gt: new Date() } },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!row) throw notFound('Quarantined submission', id);
    const source = row.source === 'api' ? 'api' : 'website';
    const contact = await storeLead(tem, row.payload, source, events, row.createdAt);
    await tem.nativeDelete(QuarantinedSubmission, { id });
    return contact;
  });
}

export async function deleteQuarantined(em: EntityManager, id: number): Promise<void> {
  const deleted = await em.nativeDelete(QuarantinedSubmission, { id });
  if (deleted === 0) throw notFound('Quarantined submission', id);
}

export function pruneQuarantine(em: EntityManager, now = new Date()): Promise<number> {
  return em.nativeDelete(QuarantinedSubmission, { expiresAt: { $lte: now } });
}
