// A person's erasure, table by table: every copy of their data the product holds, found by the
// address (any case) or by their contacts, deleted or redacted. Runs in the erasure's
// transaction (erasure.service.ts), contacts last (their foreign keys take the timeline, notes,
// bookings, tasks and inquiries with them). Each function answers how many rows it changed.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { runSql } from '../db/typed-sql';

/** Who is erased: addresses in lower case, and the ids of their contacts. */
export interface ErasedPeople {
  addresses: string[];
  contactIds: number[];
  /**
   * Only rows created before this instant (a ledger line's erasedAt, reapplied after a restore):
   * a person who came back after their erasure keeps what they gave since. Null: every row.
   */
  before: string | null;
}

/** The row's time (`column`) is before `who.before`, when the erasure has one. */
const earlier = (who: ErasedPeople, column: RawBuilder<unknown>) =>
  who.before === null ? sql`true` : sql`${column} < ${who.before}::timestamptz`;

/**
 * Whether a text quotes one of the addresses: the address-like words in it (lower case, a
 * trailing full stop dropped) meet the list, so `bob@x.io` is not found inside `jimbob@x.io`.
 * A cheap test first (the one address as a substring, or any `@` for a batch) leaves the
 * regular expression to the few rows that may match; it runs once per row whatever the batch.
 */
const quotes = (text: RawBuilder<unknown>, addresses: string[]) => {
  const candidate =
    addresses.length === 1
      ? sql`strpos(lower(${text}), ${addresses[0]}) > 0`
      : sql`strpos(${text}, '@') > 0`;
  return sql`(${candidate} and exists (
      select 1 from regexp_matches(lower(${text}), ${ADDRESS_WORD}, 'g') as w(m)
       where rtrim(w.m[1], '.') = any(${addresses}::text[])))`;
};
const ADDRESS_WORD = `([^\\s"'<>(),;:\\[\\]@]+@[^\\s"'<>(),;:\\[\\]@]+)`;

const count = async (em: EntityManager, statement: RawBuilder<{ n: number }>) =>
  Number((await runSql(em, statement))[0]?.n ?? 0);

/** The ids of the contacts with these addresses (any case), created before `before` if given. */
export async function contactIdsWithAddresses(
  em: EntityManager,
  addresses: string[],
  before: string | null,
): Promise<number[]> {
  const rows = await runSql(
    em,
    sql<{ id: number }>`select id from contacts c
                         where lower(c.email) = any(${addresses}::text[])
                           and ${earlier({ addresses, contactIds: [], before }, sql`c.created_at`)}
                         order by id`,
  );
  return rows.map((r) => r.id);
}

/** A task (alias `t`) about their contacts, or whose title quotes the address. */
const taskAbout = (who: ErasedPeople) =>
  sql`(t.contact_id = any(${who.contactIds}::int[]) or ${quotes(sql`t.title`, who.addresses)})`;

/**
 * Emails to the address or about their contacts, and those about no contact (a digest, a
 * host's notice) that quote the address, and the reminders of their tasks (filed under no
 * contact: they name the contact); their queued jobs go too (a failed job's output can quote the
 * address the server refused), so none of them is sent. Answers [messages, jobs].
 */
export async function eraseMessages(
  em: EntityManager,
  who: ErasedPeople,
): Promise<[number, number]> {
  const gone = await runSql(
    em,
    sql<{ id: number }>`delete from notification_messages m
      where m.contact_id = any(${who.contactIds}::int[])
         or (${earlier(who, sql`m.created_at`)}
             and (lower(m."to") = any(${who.addresses}::text[])
                  or (m.contact_id is null and ${quotes(sql`m.subject || ' ' || m.text`, who.addresses)})
                  or m.id in (select t.reminder_message_id from tasks t where ${taskAbout(who)})))
      returning m.id`,
  );
  const ids = gone.map((r) => r.id);
  return [ids.length, await eraseJobs(em, 'email', 'notificationId', ids)];
}

/** Webhook deliveries about their contacts or quoting the address, and their queued jobs. */
export async function eraseDeliveries(
  em: EntityManager,
  who: ErasedPeople,
): Promise<[number, number]> {
  const gone = await runSql(
    em,
    sql<{ id: number }>`delete from webhook_deliveries d
      where d.contact_id = any(${who.contactIds}::int[])
         or (d.contact_id is null and ${earlier(who, sql`d.created_at`)}
             and ${quotes(sql`d.payload`, who.addresses)})
      returning d.id`,
  );
  const ids = gone.map((r) => r.id);
  return [ids.length, await eraseJobs(em, 'webhook', 'deliveryId', ids)];
}

/**
 * pg-boss jobs of `queue` whose `key` is one of `ids`, in any state (none where the queue's
 * schema was never made: an app run without it, a bench).
 */
async function eraseJobs(em: EntityManager, queue: string, key: string, ids: number[]) {
  if (!ids.length) return 0;
  const [schema] = await runSql(
    em,
    sql<{ ok: boolean }>`select to_regclass('pgboss.job') is not null as ok`,
  );
  if (!schema?.ok) return 0;
  return count(
    em,
    sql<{ n: number }>`with gone as (
        delete from pgboss.job where name = ${queue} and (data->>${key})::int = any(${ids}::int[])
        returning 1)
      select count(*)::int as n from gone`,
  );
}

/**
 * Tasks whose title quotes the address, about another contact or none (those about their
 * contacts go with the contacts). Run after eraseMessages, which finds their reminders.
 */
export function eraseTasksQuoting(em: EntityManager, who: ErasedPeople) {
  return count(
    em,
    sql<{ n: number }>`with gone as (
        delete from tasks t
         where ${earlier(who, sql`t.created_at`)} and ${quotes(sql`t.title`, who.addresses)}
        returning 1)
      select count(*)::int as n from gone`,
  );
}

/** Submissions held in quarantine from the address. */
export function eraseQuarantined(em: EntityManager, who: ErasedPeople) {
  return count(
    em,
    sql<{ n: number }>`with gone as (
        delete from quarantined_submissions q
         where lower(q.payload->>'email') = any(${who.addresses}::text[])
           and ${earlier(who, sql`q.created_at`)}
        returning 1)
      select count(*)::int as n from gone`,
  );
}

/**
 * Import error rows quoting the address (the count), and the same lines in an import's summary
 * of its first errors, which repeats some of those rows. (An import's file is kept only while it
 * runs, and is deleted when it finishes.)
 */
export async function eraseImportErrors(em: EntityManager, who: ErasedPeople): Promise<number> {
  const rows = await count(
    em,
    sql<{ n: number }>`with gone as (
        delete from contact_import_errors e
         where ${quotes(sql`e.reason`, who.addresses)}
           and exists (select 1 from contact_imports i
                        where i.id = e.contact_import_id and ${earlier(who, sql`i.created_at`)})
        returning 1)
      select count(*)::int as n from gone`,
  );
  await runSql(
    em,
    sql`update contact_imports i
           set errors = coalesce(
                 (select jsonb_agg(e order by n) from jsonb_array_elements(i.errors)
                    with ordinality as x(e, n)
                   where not ${quotes(sql`e->>'reason'`, who.addresses)}), '[]'::jsonb)
         where ${quotes(sql`i.errors::text`, who.addresses)} and ${earlier(who, sql`i.created_at`)}`,
  );
  return rows;
}

/**
 * Audit entries about their records (`about`: entity type and id, e.g. `contact:12`) or quoting
 * the address keep their action, actor and time; their values of personal fields (`fields`, the
 * marked properties) and any value quoting the address become `[erased]`.
 */
export function redactAuditEntries(
  em: EntityManager,
  who: ErasedPeople,
  about: string[],
  fields: string[],
) {
  const quoted = (v: RawBuilder<unknown>) => quotes(sql`${v}::text`, who.addresses);
  return count(
    em,
    sql<{ n: number }>`with changed as (
        update audit_log l
           set changes = (
             select jsonb_object_agg(k, case
                 when k = any(${fields}::text[]) or ${quoted(sql`v`)} then
                   case when jsonb_typeof(v) = 'object'
                        then (select jsonb_object_agg(k2, '"[erased]"'::jsonb) from jsonb_each(v) as f(k2, v2))
                        else '"[erased]"'::jsonb end
                 else v end)
               from jsonb_each(l.changes) as e(k, v))
         where l.changes is not null and jsonb_typeof(l.changes) = 'object'
           and ((l.entity_type || ':' || l.entity_id) = any(${about}::text[])
                or (${earlier(who, sql`l.at`)} and ${quoted(sql`l.changes`)}))
        returning 1)
      select count(*)::int as n from changed`,
  );
}

/** The ids of `table`'s rows about these contacts (before they go with them). */
export async function idsAboutContacts(
  em: EntityManager,
  table: string,
  contactIds: number[],
): Promise<string[]> {
  const rows = await runSql(
    em,
    sql<{ id: string }>`select id::text as id from ${sql.table(table)}
                         where contact_id = any(${contactIds}::int[])`,
  );
  return rows.map((r) => r.id);
}

/** The contacts, with (through their foreign keys) everything hanging from them. */
export async function eraseContacts(em: EntityManager, who: ErasedPeople) {
  const [counted] = await runSql(
    em,
    sql<{ activities: number; bookings: number }>`select
        (select count(*)::int from contact_activities where contact_id = any(${who.contactIds}::int[])) as activities,
        (select count(*)::int from bookings where contact_id = any(${who.contactIds}::int[])) as bookings`,
  );
  const contacts = await count(
    em,
    sql<{ n: number }>`with gone as (
        delete from contacts where id = any(${who.contactIds}::int[]) returning 1)
      select count(*)::int as n from gone`,
  );
  return { contacts, activities: counted?.activities ?? 0, bookings: counted?.bookings ?? 0 };
}
