import type { PoolClient } from 'pg';
import { STREAMED_IMPORT_COLUMNS as IMPORT_COLUMNS } from './contact-columns';
import type { TCsvRow } from '../../shared/contact-csv.schema';
import { CSV_INSERT_DEFAULTS } from './csv-row';

/** A valid row, with the owner its mapped owner column named (a user's id). */
export type TImportRow = TCsvRow & { ownerId?: number | null };
type TImportField = keyof TImportRow;

/** The key of an upsert, and what an upsert never changes (where the contact first came from). */
const KEY = 'email';
const KEPT_ON_UPDATE = new Set<TImportField>([KEY, 'source']);

const names = IMPORT_COLUMNS.map((c) => c.column);
const withDefault = (column: string, field: TImportField, from = '') => {
  const fallback = CSV_INSERT_DEFAULTS[field as keyof TCsvRow];
  return fallback ? `coalesce(${from}${column}, '${fallback}')` : `${from}${column}`;
};
const insertValues = (from = '') =>
  IMPORT_COLUMNS.map((c) => withDefault(c.column, c.field, from)).join(', ');

/** The batch as one array per column, for unnest(): one statement per batch, not per row. */
function columns(rows: TImportRow[]): unknown[] {
  return IMPORT_COLUMNS.map(({ field }) => rows.map((r) => r[field] ?? null));
}

// Text columns, and a relation's id (the owner) as integers.
const BATCH = `unnest(${IMPORT_COLUMNS.map((c, i) => `$${i + 1}::${c.relation ? 'int' : 'text'}[]`).join(', ')})
  with ordinality as v(${names.join(', ')}, ord)`;

const INSERT = `insert into contacts (${names.join(', ')}) select ${insertValues()} from ${BATCH}`;

/**
 * Upsert keyed on the email in any case: a row updates the newest contact with that email (the
 * cells it fills; empty ones keep what is there), otherwise it inserts one. Within a batch the
 * last row for an email wins, and the earlier ones count as updates of it, as if written in order.
 */
const UPSERT = `with v as (select * from ${BATCH}),
  last_per_email as (
    select distinct on (lower(${KEY})) * from v order by lower(${KEY}), ord desc
  ),
  target as (
    select distinct on (lower(c.${KEY})) c.id, lower(c.${KEY}) as key
      from contacts c
     where lower(c.${KEY}) in (select lower(${KEY}) from last_per_email)
     order by lower(c.${KEY}), c.id desc
  ),
  updated as (
    update contacts c
       set ${IMPORT_COLUMNS.filter((col) => !KEPT_ON_UPDATE.has(col.field))
         .map(({ column }) => `${column} = coalesce(r.${column}, c.${column})`)
         .join(', ')}, updated_at = now()
      from last_per_email r join target t on t.key = lower(r.${KEY})
     where c.id = t.id
    returning 1
  ),
  inserted as (
    insert into contacts (${names.join(', ')})
    select ${insertValues('r.')}
      from last_per_email r
     where not exists (select 1 from target t where t.key = lower(r.${KEY}))
    returning 1
  )
  select (select count(*) from inserted)::int as inserted, (select count(*) from updated)::int as updated`;

/** Writes one batch of valid rows; returns how many contacts it inserted and updated. */
export async function writeContactBatch(
  client: PoolClient,
  rows: TImportRow[],
  upsert: boolean,
): Promise<{ inserted: number; updated: number }> {
  if (!upsert) {
    const { rowCount } = await client.query(INSERT, columns(rows));
    return { inserted: rowCount ?? 0, updated: 0 };
  }
  const {
    rows: [counts],
  } = await client.query<{ inserted: number; updated: number }>(UPSERT, columns(rows));
  const inserted = counts?.inserted ?? 0;
  // Rows merged into a later row with the same email updated the contact that row wrote.
  return { inserted, updated: rows.length - inserted };
}
