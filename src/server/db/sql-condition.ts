// Conditions composed with Kysely's `sql` tag: a value inside `${…}` is bound as a `$n`
// parameter wherever the condition ends up (a typed query, a raw pool statement, COPY's
// literals), so there is one placeholder style and no counting of `?`s by hand.
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
  type RawBuilder,
} from 'kysely';

/** A condition on a table's rows, its values bound when it is compiled. */
export type SqlCondition = RawBuilder<unknown>;

/** Every part must hold (`true` when there is none). */
export function allOf(parts: readonly SqlCondition[]): SqlCondition {
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
}

/** `%text%` for ILIKE, the user's own `%`, `_` and `\` taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

// Compiles without a connection: the statement goes to a pool client of its own (a named
// statement, COPY) rather than through the ORM's Kysely.
const compiler = new Kysely<Record<string, never>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** `statement` as PostgreSQL text with `$n` placeholders and their values in order. */
export function compileSql<Row>(statement: RawBuilder<Row>): CompiledQuery<Row> {
  return statement.compile(compiler);
}
