/** A SQL condition with its `?` parameters in order (MikroORM's `em.execute` binds them). */
export interface SqlCondition {
  sql: string;
  params: unknown[];
}

/** The condition for plain `pg`, its `?` numbered from `$first` on. */
export function numberedSql(condition: SqlCondition, first: number): string {
  let n = first;
  return condition.sql.replace(/\?/g, () => `$${n++}`);
}

/** `%text%` for ILIKE, the user's own `%`, `_` and `\` taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
