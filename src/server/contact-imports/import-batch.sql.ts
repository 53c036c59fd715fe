import type { PoolClient } from 'pg';
import type { TCsvRow } from '../contacts/csv-row';

/** The batch as one array per column, for unnest(): one statement per batch, not per row. */
function columns(rows: TCsvRow[]): unknown[] {
  return [
    rows.map((r) => r.name),
    rows.map((r) => r.email),
    rows.map((r) => r.company ?? null),
    rows.map((r) => r.phone ?? null),
    rows.map((r) => r.message ?? null),
    rows.map((r) => r.source ?? 'csv_import'),
    rows.map((r) => r.status ?? null),
  ];
}

const BATCH = `unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
  with ordinality as v(name, email, company, phone, message, source, status, ord)`;

const INSERT = `insert into contacts (name, email, company, phone, message, source, status)
  select name, email, company, phone, message, source, coalesce(status, 'new') from ${BATCH}`;

/**
 * Upsert keyed on the email in any case: a row updates the newest contact with that email (the
 * cells it fills; empty ones keep what is there), otherwise it inserts one. Within a batch the
 * last row for an email wins, and the earlier ones count as updates of it, as if written in order.
 */
const UPSERT = `with v as (select * from ${BATCH}),
  last_per_email as (
    select distinct on (lower(email)) * from v order by lower(email), ord desc
  ),
  target as (
    select distinct on (lower(c.email)) c.id, lower(c.email) as key
      from contacts c
     where lower(c.email) in (select lower(email) from last_per_email)
     order by lower(c.email), c.id desc
  ),
  updated as (
    update contacts c
       set name = r.name, company = coalesce(r.company, c.company), phone = coalesce(r.phone, c.phone),
           message = coalesce(r.message, c.message), status = coalesce(r.status, c.status),
           updated_at = now()
      from last_per_email r join target t on t.key = lower(r.email)
     where c.id = t.id
    returning 1
  ),
  inserted as (
    insert into contacts (name, email, company, phone, message, source, status)
    select r.name, r.email, r.company, r.phone, r.message, r.source, coalesce(r.status, 'new')
      from last_per_email r
     where not exists (select 1 from target t where t.key = lower(r.email))
    returning 1
  )
  select (select count(*) from inserted)::int as inserted, (select count(*) from updated)::int as updated`;

/** Writes one batch of valid rows; returns how many contacts it inserted and updated. */
export async function writeContactBatch(
  client: PoolClient,
  rows: TCsvRow[],
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
