// Each table has one writer: the feature whose entity declares it. This reads every statement
// the server's features can send (SQL text, the typed builder, the unit of work) and fails when
// one writes a table another feature declares, or pg-boss's tables outside the job queue
// (jobs/). Reads across features are allowed (a report joins what it shows); writes go through
// the owner's service. (The dependency rules keep the imports apart; this reads the statements.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_FOLDERS, filesUnder, SERVER } from './server-folders';

/** A feature's code: its files but its tests and test support. */
const filesOf = (folder: string): string[] =>
  filesUnder(folder).filter((file) => !/\.test\.tsx?$|-test-support\.ts$/.test(file));

/** Every table an entity declares, and the feature folder it is in. */
const OWNERS = new Map(
  FEATURE_FOLDERS.flatMap((folder) =>
    filesOf(folder)
      .filter((file) => file.endsWith('.entity.ts'))
      .flatMap((file) =>
        [...readFileSync(join(SERVER, file), 'utf8').matchAll(/tableName:\s*'([a-z0-9_]+)'/g)].map(
          ([, table]) => [table!, folder] as const,
        ),
      ),
  ),
);

/** Words that follow `update` but are no table (`do update set`, `for update of`). */
const NOT_TABLES = new Set(['set', 'of', 'skip', 'nowait']);

/** The tables `source` (a file of feature `folder`) writes, with how, and its entity imports. */
export function writesOf(folder: string, text: string): { table: string; how: string }[] {
  const writes: { table: string; how: string }[] = [];
  // The code, not its comments ("an update is...").
  const source = text.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
  for (const [, verb, table] of source.matchAll(
    /\b(insert\s+into|delete\s+from|update)\s+"?([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)?)"?/gi,
  ))
    if (!NOT_TABLES.has(table!.toLowerCase()))
      writes.push({ table: table!.toLowerCase(), how: verb!.toLowerCase().replace(/\s+/, ' ') });
  for (const [, verb, table] of source.matchAll(
    /\.(insertInto|updateTable|deleteFrom|mergeInto)\(\s*'([a-z0-9_.]+)'/g,
  ))
    writes.push({ table: table!, how: verb! });
  // The unit of work, given an entity of another feature by name.
  const foreign = new Map<string, string>();
  for (const [, names, other] of source.matchAll(
    /import\s+(?:type\s+)?\{([^}]+)\}\s+from\s+'\.\.\/([a-z-]+)\/[^']+\.entity'/g,
  ))
    for (const name of names!.split(',').map((n) =>
      n
        .trim()
        .split(/\s+as\s+/)
        .pop()!,
    ))
      if (other !== folder) foreign.set(name, other!);
  for (const [, verb, entity] of source.matchAll(
    /\b(create|insert|insertMany|upsert|upsertMany|nativeUpdate|nativeDelete)\(\s*(\w+)\s*,/g,
  )) {
    const owner = foreign.get(entity!);
    if (owner) writes.push({ table: `${owner}/${entity}`, how: `em.${verb}` });
  }
  return writes;
}

/** The writes of `folder`'s `source` to tables it does not own. */
export function trespasses(folder: string, source: string): string[] {
  return writesOf(folder, source).flatMap(({ table, how }) => {
    if (table.includes('/')) return [`${how} of ${table}`];
    if (table.startsWith('pgboss.')) return [`${how} ${table} (pg-boss's: jobs/ only)`];
    const owner = OWNERS.get(table);
    return owner && owner !== folder ? [`${how} ${table} (${owner}'s)`] : [];
  });
}

describe('table ownership', () => {
  it('knows the tables (from the entities)', () => {
    expect(OWNERS.get('contacts')).toBe('contacts');
    expect(OWNERS.get('notification_messages')).toBe('notifications');
    expect(OWNERS.size).toBeGreaterThan(40);
  });

  it('no feature writes a table another declares', () => {
    const found = FEATURE_FOLDERS.flatMap((folder) =>
      filesOf(folder).flatMap((file) =>
        trespasses(folder, readFileSync(join(SERVER, file), 'utf8')).map((w) => `${file}: ${w}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it("is caught on a deliberate write to another feature's table, in every form", () => {
    expect(
      trespasses('privacy', 'sql`delete from notification_messages m where m.id = 1`'),
    ).toEqual(["delete from notification_messages (notifications's)"]);
    expect(trespasses('tasks', 'sql`update "contacts" set name = ${x}`')).toEqual([
      "update contacts (contacts's)",
    ]);
    expect(trespasses('booking', "db.insertInto('audit_log').values(row)")).toEqual([
      "insertInto audit_log (audit's)",
    ]);
    expect(trespasses('privacy', "sql`delete from pgboss.job where name = 'email'`")).toEqual([
      "delete from pgboss.job (pg-boss's: jobs/ only)",
    ]);
    expect(
      trespasses(
        'booking',
        "import { Contact } from '../contacts/contact.entity';\nawait em.nativeDelete(Contact, { id });",
      ),
    ).toEqual(['em.nativeDelete of contacts/Contact']);
    // Its own tables, a read of another's, and an upsert's `do update set` are no trespass.
    expect(
      trespasses(
        'contacts',
        'sql`insert into contacts (name) values (1) on conflict do update set name = 2`;\nsql`select * from bookings for update of b`',
      ),
    ).toEqual([]);
  });
});
