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

/** Whom an export section is about (the shape of privacy-hooks.ts's ExportedPerson). */
interface Person {
  email: string;
  contactIds: readonly number[];
}

/**
 * A person's export section of one table: its rows (alias `r` in `where`) where `where` holds
 * for the person, whole but for `hidden`, in id order (or `orderBy`'s). The table is named once,
 * for the section and its statement.
 */
export const tableSection = (
  name: string,
  table: string,
  where: (person: Person) => RawBuilder<unknown>,
  {
    hidden = [],
    orderBy = sql`r.id`,
  }: { hidden?: readonly string[]; orderBy?: RawBuilder<unknown> } = {},
) => ({
  name,
  table,
  rows: (em: EntityManager, person: Person) =>
    exportedRows(
      em,
      sql`select ${jsonRow('r', hidden)} as row from ${sql.table(table)} r
           where ${where(person)} order by ${orderBy}`,
    ),
});

/** The rows about the person's contacts (their `contact_id` is one of them). */
export const ofContacts = ({ contactIds }: Person) => sql`r.contact_id = any(${contactIds}::int[])`;
