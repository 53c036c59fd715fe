import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import type { TContactStatus, TContactStatusCounts } from '../../shared/contacts.schema';
import { likePattern, type SqlCondition } from '../db/sql-condition';
import { runSql } from '../db/typed-sql';

/** Terms shorter than this match the start of a word; longer ones match anywhere. */
export const SHORT_TERM_CHARS = 3;
/** Matches counted per search; beyond it the counts say "at least". */
export const SEARCH_COUNT_CAP = 1000;
/** The newest rows (below the cursor) a page first looks through for a common term. */
const WINDOW_ROWS = 10_000;

const regexLiteral = (term: string) => term.replace(/[\\^$.|?*+()[\]{}-]/g, (ch) => `\\${ch}`);

/**
 * The search box as SQL. Three characters or more: a case-insensitive substring of name, email
 * or company, served by the trigram indexes. One or two: the start of a word (of the name or
 * company, or of the email's parts between . @ _ - +), which the same indexes serve through their
 * word-start trigrams; a substring of one or two letters matches nearly every contact and
 * no index can find the rare ones, so "Sm" finds "Ana Smith" and "smith@", not "Osmond".
 */
export function searchCondition(term: string): SqlCondition {
  if ([...term].length >= SHORT_TERM_CHARS) {
    const pattern = likePattern(term);
    return sql`(name ilike ${pattern} or email ilike ${pattern} or company ilike ${pattern})`;
  }
  const word = regexLiteral(term);
  const wordStart = `(^| )${word}`;
  const emailPartStart = `(^|\\.|@|_|-|\\+)${word}`;
  return sql`(name ~* ${wordStart} or email ~* ${emailPartStart} or company ~* ${wordStart})`;
}

/**
 * Runs `sql` with the planner kept to the trigram indexes (bitmap scans). For a term that is
 * rare among the newest rows the planner's own guess, walking the id index backwards until a
 * page is full, can read the whole table (1.3 s at 1,000,000 contacts).
 */
async function onSearchIndexes<T>(em: EntityManager, statement: RawBuilder<T>): Promise<T[]> {
  return em.transactional(async (tem) => {
    await runSql(tem, sql`set local enable_seqscan = off`);
    await runSql(tem, sql`set local enable_indexscan = off`);
    return runSql(tem, statement);
  });
}

/**
 * One page of ids matching `where` (search + filters), newest first, below `cursor`. First the
 * newest WINDOW_ROWS rows: a common term fills the page there at once; otherwise the term is
 * rare and the indexes find every match. `common` tells the counts which way to go too.
 */
export async function searchPageIds(
  em: EntityManager,
  where: SqlCondition,
  cursor: number | undefined,
  size: number,
): Promise<{ ids: number[]; common: boolean }> {
  const below =
    cursor ??
    Number(
      (await runSql(em, sql<{ id: number | null }>`select max(id) + 1 as id from contacts`))[0]
        ?.id ?? 0,
    );
  const window = await runSql(
    em,
    sql<{ id: number }>`select id from contacts
      where id < ${below} and id >= ${below - WINDOW_ROWS} and ${where}
      order by id desc limit ${size}`,
  );
  if (window.length === size) return { ids: window.map((r) => r.id), common: true };
  const rows = await onSearchIndexes(
    em,
    sql<{ id: number }>`select id from contacts where id < ${below} and ${where}
      order by id desc limit ${size}`,
  );
  return { ids: rows.map((r) => r.id), common: false };
}

/**
 * Per-status counts of the contacts matching `where`, counted up to SEARCH_COUNT_CAP: `exact`
 * is false when there are more (the counts are then lower bounds). A common term finds the
 * cap in the first rows it reads; a rare one is counted on the indexes.
 */
export async function searchCounts(
  em: EntityManager,
  where: SqlCondition,
  common: boolean,
): Promise<{ counts: TContactStatusCounts; exact: boolean }> {
  const statement = sql<{ status: TContactStatus; n: string }>`select status, count(*) as n
    from (select status from contacts where ${where} limit ${SEARCH_COUNT_CAP + 1}) s
    group by status`;
  const rows = common ? await runSql(em, statement) : await onSearchIndexes(em, statement);
  const counts: TContactStatusCounts = { all: 0, new: 0, contacted: 0, qualified: 0, converted: 0 };
  for (const row of rows) {
    counts[row.status] += Number(row.n);
    counts.all += Number(row.n);
  }
  return { counts, exact: counts.all <= SEARCH_COUNT_CAP };
}
