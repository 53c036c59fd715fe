// What the product holds about one email address, table by table, for a person's data export.
// Rows are answered whole (to_jsonb), less the columns no person should receive (hidden ones:
// tokens, secrets); matching is by the address in any case, then by the contacts it found.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { runSql } from '../db/typed-sql';
import { leadFirstTouchKey } from '../web-analytics/web-analytics.service';

type Row = Record<string, unknown>;

/** `to_jsonb(alias)` without `hidden` columns. */
const jsonRow = (alias: string, hidden: readonly string[]) =>
  sql.raw(`to_jsonb(${alias})${hidden.map((c) => ` - '${c}'`).join('')}`);

async function rows(em: EntityManager, statement: RawBuilder<{ row: Row }>): Promise<Row[]> {
  return (await runSql(em, statement)).map((r) => r.row);
}

/** The ids of the contacts with this address (any case), oldest first. */
export async function contactIdsWithEmail(em: EntityManager, email: string): Promise<number[]> {
  const found = await runSql(
    em,
    sql<{ id: number }>`select id from contacts where lower(email) = lower(${email}) order by id`,
  );
  return found.map((r) => r.id);
}

/**
 * The export's sections read by contact id, and their tables. Every table with a relation to a
 * contact must be one of them (or read by address too, as the emails are): personal-columns.test.ts.
 */
export const SECTIONS_BY_CONTACT = {
  activities: 'contact_activities',
  webhookDeliveries: 'webhook_deliveries',
  bookings: 'bookings',
  tasks: 'tasks',
  serviceInquiries: 'service_inquiries',
} as const;

/** A task (alias `t`) about one of the contacts, or whose title quotes the address. */
const taskAbout = (ids: RawBuilder<unknown>, email: string) =>
  sql`(t.contact_id = any(${ids}) or strpos(lower(t.title), lower(${email})) > 0)`;

/** Each table's rows about the address or its contacts (`ids`). */
export function personRows(em: EntityManager, email: string, ids: number[]) {
  const of = sql`${ids}::int[]`;
  /** The rows of a table with a `contact_id`, about those contacts, in id order. */
  const ofContacts =
    (table: string, hidden: readonly string[] = []) =>
    () =>
      rows(
        em,
        sql`select ${jsonRow('r', hidden)} as row from ${sql.table(table)} r
           where r.contact_id = any(${of}) order by r.id`,
      );
  return {
    activities: ofContacts(SECTIONS_BY_CONTACT.activities),
    messages: () =>
      rows(
        em,
        sql`select ${jsonRow('m', [])} as row from notification_messages m
             where m.contact_id = any(${of}) or lower(m."to") = lower(${email})
                or m.id in (select t.reminder_message_id from tasks t where ${taskAbout(of, email)})
             order by m.id`,
      ),
    webhookDeliveries: ofContacts(SECTIONS_BY_CONTACT.webhookDeliveries),
    bookings: ofContacts(SECTIONS_BY_CONTACT.bookings, ['manage_token']),
    tasks: () =>
      rows(
        em,
        sql`select ${jsonRow('t', [])} as row from tasks t where ${taskAbout(of, email)}
             order by t.id`,
      ),
    serviceInquiries: ofContacts(SECTIONS_BY_CONTACT.serviceInquiries),
    quarantined: () =>
      rows(
        em,
        sql`select ${jsonRow('q', [])} as row from quarantined_submissions q
             where lower(q.payload->>'email') = lower(${email}) order by q.id`,
      ),
    importErrors: () =>
      rows(
        em,
        sql`select ${jsonRow('e', [])} as row from contact_import_errors e
             where strpos(lower(e.reason), lower(${email})) > 0
             order by e.contact_import_id, e.line`,
      ),
    auditEntries: () =>
      rows(
        em,
        sql`select ${jsonRow('l', [])} as row from audit_log l
             where (l.entity_type = 'contact' and l.entity_id = any(${ids.map(String)}::text[]))
                or (l.entity_type = 'booking' and l.entity_id in
                      (select b.id::text from bookings b where b.contact_id = any(${of})))
             order by l.id`,
      ),
    firstTouch: () =>
      rows(
        em,
        sql`select jsonb_build_object('contactId', c.id, 'source', ${leadFirstTouchKey.source},
                     'campaign', ${leadFirstTouchKey.campaign},
                     'landingPage', ${leadFirstTouchKey.landingPage}) as row
              from contacts c where c.id = any(${of}) order by c.id`,
      ),
  };
}
