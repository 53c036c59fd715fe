// Rows of a person's data export as the features read them: whole rows as JSON (to_jsonb), less
// the columns no person should receive (tokens, secrets).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { runSql } from './typed-sql';

export type ExportedRow = Record<string, unknown>;

/** `to_jsonb(alias)` without the `hidden` columns (names from the code, never from input). */
export const jsonRow = (alias: string, hidden: readonly string[] = []) =>
  sql.raw(`to_jsonb(${alias})${hidden.map((c) => ` - '${c}'`).join('')}`);

/** The rows a statement answers as `row`. */
export async function exportedRows(
  em: EntityManager,
  statement: RawBuilder<{ row: ExportedRow }>,
): Promise<ExportedRow[]> {
  return (await runSql(em, statement)).map((r) => r.row);
}

/**
 * The rows of `table` (alias `r` in `where`) where `where` holds, whole but for `hidden`, in id
 * order (or `orderBy`'s).
 */
export const rowsWhere = (
  em: EntityManager,
  table: string,
  where: RawBuilder<unknown>,
  {
    hidden = [],
    orderBy = sql`r.id`,
  }: { hidden?: readonly string[]; orderBy?: RawBuilder<unknown> } = {},
) =>
  exportedRows(
    em,
    sql`select ${jsonRow('r', hidden)} as row from ${sql.table(table)} r
         where ${where} order by ${orderBy}`,
  );

/** The rows of a table with a `contact_id` about those contacts, in id order. */
export const rowsOfContacts = (
  em: EntityManager,
  table: string,
  contactIds: readonly number[],
  hidden: readonly string[] = [],
) => rowsWhere(em, table, sql`r.contact_id = any(${contactIds}::int[])`, { hidden });
