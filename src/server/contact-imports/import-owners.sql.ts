import type { Pool } from 'pg';
import { BACK_OFFICE_ROLE } from '../../shared/users.schema';
import type { TImportMapping } from '../../shared/import-mapping';

/**
 * The users a mapped owner column may name (those who can own leads: active, signing in to the
 * back office), by email, username and full name in lower case; the oldest account wins a tie.
 */
async function ownersByName(db: Pool): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: number; keys: string[] }>(
    `select id, array[lower(email), lower(username), lower(trim(concat_ws(' ', first_name, last_name)))] as keys
       from users where is_active and role = $1 order by id desc`,
    [BACK_OFFICE_ROLE],
  );
  return new Map(rows.flatMap(({ id, keys }) => keys.filter(Boolean).map((k) => [k, id] as const)));
}

/**
 * How an import reads its owner cells: a user's id for an email or name one of them goes by, null
 * for any other (the contact stays unassigned, as a departed colleague's leads would).
 */
export async function ownerResolver(
  db: Pool,
  mapping: TImportMapping | null,
): Promise<(cell: string | null) => number | null> {
  if (!mapping?.owner) return () => null;
  const owners = await ownersByName(db);
  return (cell) => (cell ? (owners.get(cell.trim().toLowerCase()) ?? null) : null);
}
