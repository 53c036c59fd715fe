// SQL fragments that find a person in rows of any table, for the features' erasure hooks
// (feature.ts, `privacy.erase`): by an address quoted in free text, within an erasure's time.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { runSql } from './typed-sql';

const ADDRESS_WORD = `([^\\s"'<>(),;:\\[\\]@]+@[^\\s"'<>(),;:\\[\\]@]+)`;

/**
 * Whether a text quotes one of the addresses (lower case): the address-like words in it (lower
 * case, a trailing full stop dropped) meet the list, so `bob@x.io` is not found inside
 * `jimbob@x.io`. A cheap test first (the one address as a substring, or any `@` for a batch)
 * leaves the regular expression to the few rows that may match.
 */
export const quotesAddress = (text: RawBuilder<unknown>, addresses: readonly string[]) => {
  const candidate =
    addresses.length === 1
      ? sql`strpos(lower(${text}), ${addresses[0]}) > 0`
      : sql`strpos(${text}, '@') > 0`;
  return sql`(${candidate} and exists (
      select 1 from regexp_matches(lower(${text}), ${ADDRESS_WORD}, 'g') as w(m)
       where rtrim(w.m[1], '.') = any(${addresses}::text[])))`;
};

/** The row's time (`column`) is before `before` (an erasure reapplied from its ledger line), if any. */
export const createdBefore = (column: RawBuilder<unknown>, before: string | null) =>
  before === null ? sql`true` : sql`${column} < ${before}::timestamptz`;

/** Runs a statement answering `{ n }` (a count of what it changed). */
export const countOf = async (em: EntityManager, statement: RawBuilder<{ n: number }>) =>
  Number((await runSql(em, statement))[0]?.n ?? 0);
