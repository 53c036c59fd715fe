// Every personal column is known: in each table that is about a contact (a relation to one, a
// contact id, or a copy of a submission), every text, JSON or binary column is either marked
// personal in its entity (db/personal-data.ts) or listed below as not personal, with why. A new
// column that is neither fails this test, so a person's export and erasure cannot miss it.
import type { MikroORM } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { isPersonal } from '../db/personal-data';
import { useTestApp } from '../test/use-test-app';
import { appFeatures } from '../features';

/** Tables holding a copy of a person's data without a relation to their contact. */
const COPY_TABLES = [
  'quarantined_submissions',
  'contact_imports',
  'contact_import_chunks',
  'contact_import_errors',
  'audit_log',
  'notification_messages',
];

/** Columns of those tables that hold no person's data, and why. */
const NOT_PERSONAL: Record<string, Record<string, string>> = {
  contacts: {
    source: 'where the lead came from (website, api, manual)',
    status: 'a pipeline stage',
    utm_source: 'a campaign tag of the link',
    utm_medium: 'a campaign tag of the link',
    utm_campaign: 'a campaign tag of the link',
    utm_term: 'a campaign tag of the link',
    utm_content: 'a campaign tag of the link',
  },
  contact_activities: { type: 'the kind of entry' },
  notification_messages: {
    kind: 'alert or auto-reply',
    status: 'the delivery state',
    last_error: "the SMTP server's answer",
  },
  webhook_deliveries: {
    message_id: 'a random id',
    event: 'the event name',
    status: 'the delivery state',
    last_error: "the receiver's answer",
  },
  bookings: {
    status: 'the booking state',
    manage_token: "a random token (hidden, erased with the person's booking)",
    time_zone: 'an IANA zone name',
  },
  tasks: {},
  service_inquiries: {
    service_type: 'a product name',
    priority: 'a level',
    estimated_volume: 'a sales estimate',
    timeline: 'a sales estimate',
    budget: 'a sales estimate',
  },
  quarantined_submissions: {
    reason: 'which protection held it',
    source: 'website or api',
  },
  contact_imports: {
    mode: 'how rows are matched',
    mapping: 'column names of the file',
    status: 'the import state',
    failure: 'why the import stopped (no row values)',
  },
  contact_import_chunks: {},
  contact_import_errors: {},
  audit_log: {
    actor_username: "the staff member's (not a lead's) name",
    action: 'what was done',
    entity_type: 'the kind of record',
    entity_id: 'a record id',
    ip: "the staff member's address",
    user_agent: "the staff member's browser",
  },
};

const TEXT_TYPES = /^(string|text|json|blob|varchar|character varying|jsonb|bytea)$/i;

interface Column {
  table: string;
  column: string;
  personal: boolean;
}

/** The text-like columns of the tables about contacts, with their marks, from the ORM. */
function columnsAboutContacts(orm: MikroORM): Column[] {
  const columns: Column[] = [];
  for (const meta of orm.getMetadata().getAll().values()) {
    const props = Object.values(meta.properties);
    const aboutContact =
      COPY_TABLES.includes(meta.tableName) ||
      meta.className === 'Contact' ||
      props.some((p) => p.kind === 'm:1' && p.type === 'Contact');
    if (!aboutContact) continue;
    for (const p of props) {
      if (p.kind !== 'scalar' || !TEXT_TYPES.test(String(p.type).replace(/Type$/, ''))) continue;
      columns.push({ table: meta.tableName, column: p.fieldNames[0]!, personal: isPersonal(p) });
    }
  }
  return columns;
}

/** Columns neither marked personal nor listed as not personal. */
function unknownColumns(columns: Column[]): string[] {
  return columns
    .filter((c) => !c.personal && !NOT_PERSONAL[c.table]?.[c.column])
    .map((c) => `${c.table}.${c.column}`);
}

// The ORM's metadata, as discovered at start (the app's own, on its test database).
const t = useTestApp({ resetBeforeEach: false });

describe('personal columns', () => {
  it('are all marked or listed as not personal, and the lists name real columns', () => {
    const columns = columnsAboutContacts(t.db.orm);
    expect(unknownColumns(columns)).toEqual([]);
    const tables = new Set(columns.map((c) => c.table));
    expect([...tables].sort()).toEqual(Object.keys(NOT_PERSONAL).sort());
    for (const [table, listed] of Object.entries(NOT_PERSONAL))
      for (const column of Object.keys(listed))
        expect(columns, `${table}.${column}`).toContainEqual({ table, column, personal: false });
    // What a person's export and erasure reach, by mark.
    expect(columns.filter((c) => c.personal).map((c) => `${c.table}.${c.column}`)).toEqual(
      expect.arrayContaining([
        'contacts.email',
        'contacts.phone',
        'contacts.name',
        'notification_messages.html',
        'webhook_deliveries.payload',
        'quarantined_submissions.payload',
        'contact_import_errors.reason',
        'audit_log.changes',
      ]),
    );
  });

  it('fail the check when a new text column is neither marked nor listed', () => {
    const columns = columnsAboutContacts(t.db.orm);
    const added = [...columns, { table: 'contacts', column: 'job_title', personal: false }];
    expect(unknownColumns(added)).toEqual(['contacts.job_title']);
    const marked = [...columns, { table: 'contacts', column: 'job_title', personal: true }];
    expect(unknownColumns(marked)).toEqual([]);
  });

  it("every table with a relation to a contact is in a person's export, and goes with the contact when erased", async () => {
    const linked = [...t.db.orm.getMetadata().getAll().values()]
      .filter((m) =>
        Object.values(m.properties).some((p) => p.kind === 'm:1' && p.type === 'Contact'),
      )
      .map((m) => m.tableName)
      .sort();
    const exported = appFeatures.exportSections.map((section) => section.table);
    expect(linked.filter((table) => !exported.includes(table))).toEqual([]);
    // Deleting the contact takes their rows, but for the webhook log, which the erasure deletes
    // itself (by contact and by payload: a delivery outlives a contact deleted the usual way).
    const rules = await t.db
      .em()
      .getConnection()
      .execute<{ table: string; rule: string }[]>(
        `select tc.table_name as table, rc.delete_rule as rule
           from information_schema.referential_constraints rc
           join information_schema.table_constraints tc on tc.constraint_name = rc.constraint_name
           join information_schema.constraint_column_usage cu on cu.constraint_name = rc.unique_constraint_name
          where cu.table_name = 'contacts' order by 1`,
      );
    expect(rules.filter((r) => r.rule !== 'CASCADE').map((r) => r.table)).toEqual([
      'webhook_deliveries',
    ]);
  });
});
