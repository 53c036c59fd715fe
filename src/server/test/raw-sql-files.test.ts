// Hand-written SQL text lives only in `*.sql.ts` files (and migrations): everywhere else a query
// goes through the unit of work or typedSql (Kysely typed from the entities), so renaming a
// column fails the type check instead of a query at run time. The guard is an ESLint rule
// (eslint-rules/sql-text.js) that reads every string and template literal of the syntax tree.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const RULE = 'local/sql-text';
const PLACEHOLDER_RULE = 'local/sql-placeholder';
const eslint = new ESLint({
  cwd: ROOT,
  ruleFilter: ({ ruleId }) => ruleId === RULE || ruleId === PLACEHOLDER_RULE,
});

/** The lines where `rule` finds something in `code`, linted as if it were `filePath`. */
async function sqlLines(filePath: string, code: string, rule = RULE): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.line);
}

/** What five files held before their SQL text moved into `*.sql.ts` files. */
const OLD_SHAPES: [string, string][] = [
  [
    'src/server/audit/audit.service.ts',
    [
      "import { SQL_ISO_FORMAT } from '../db/sql-format';",
      "export const AUDIT_SELECT = `select id::text as id, to_char(at at time zone 'utc', ${SQL_ISO_FORMAT}) as at, actor_id,",
      '  actor_username, action, entity_type, entity_id, changes, ip, user_agent from audit_log`;',
    ].join('\n'),
  ],
  [
    'src/server/audit/audit-export.route.ts',
    [
      'export const page = (em, where) =>',
      '  em.execute(`${AUDIT_SELECT} where ${where.sql} order by audit_log.id desc limit 1000`, where.params);',
    ].join('\n'),
  ],
  [
    'src/server/contacts/contacts-list.stream.ts',
    'const PAGE_SELECT = `${CONTACT_VIEW_SELECT} where ($1::int is null or id < $1) order by id desc limit $2`;',
  ],
  [
    'src/server/contacts/contact-columns.ts',
    [
      'export const CONTACT_VIEW_SELECT = `select ${CONTACT_COLUMNS.map(({ field, column }) =>',
      '  `${column} as "${field}"`,',
      ").join(', ')} from contacts`;",
    ].join('\n'),
  ],
  [
    'src/server/contacts/contacts-export.route.ts',
    "export const only = (ids) => ({ sql: 'id = any(?::int[])', params: [ids] });",
  ],
];

describe('raw SQL', () => {
  it('is written only in *.sql.ts files', async () => {
    const results = await eslint.lintFiles(['src/server']);
    const found = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === RULE || m.ruleId === PLACEHOLDER_RULE)
        .map((m) => `${r.filePath}:${m.line}`),
    );
    expect(found).toEqual([]);
  });

  it.each(OLD_SHAPES)('is found in the old shape of %s', async (file, code) => {
    expect(await sqlLines(file, code)).not.toEqual([]);
  });

  it('is found in a service that sends SQL text', async () => {
    const code =
      "export const f = (em) =>\n  em.execute(\n    `update contacts set status = 'new'`);\n";
    expect(await sqlLines('src/server/leads/leads.service.ts', code)).toEqual([3]);
    const constant = "const Q = '\\n  select count(*) from contacts';\n";
    expect(await sqlLines('src/server/stats/stats.service.ts', constant)).toHaveLength(1);
    const split = 'const q = (t) => `${t}\n  delete from ${t} where id = 1`;\n';
    expect(await sqlLines('src/server/stats/stats.service.ts', split)).toHaveLength(1);
  });

  it('passes prose, *.sql.ts files, tests and an entity’s declared indexes', async () => {
    const clean = [
      "export const a = 'Select a status';",
      "export const b = 'Pick the contacts to update, then set their owner.';",
      'export const c = (n) => `Delete ${n} contacts from the list?`;',
      "export const d = 'Order by name or by date';",
    ].join('\n');
    expect(await sqlLines('src/server/contacts/contacts.service.ts', clean)).toEqual([]);
    const index =
      'export const i = { expression: \'create index "x" on "contacts" (lower("email"))\' };';
    expect(await sqlLines('src/server/contacts/contact.entity.ts', index)).toEqual([]);
    expect(await sqlLines('src/server/contacts/contacts.service.ts', index)).toHaveLength(1);
    const sql = "export const q = 'select id from contacts where id = ?';";
    expect(await sqlLines('src/server/contacts/contact-rows.sql.ts', sql)).toEqual([]);
    expect(await sqlLines('src/server/contacts/contacts.test.ts', sql)).toEqual([]);
    expect(await sqlLines('src/server/test/test-db.ts', sql)).toEqual([]);
  });
});

/** What three *.sql.ts files held before their values were bound by the sql tag. */
const QUESTION_MARK_SHAPES: [string, string][] = [
  [
    'src/server/contacts/contacts-bulk.sql.ts',
    [
      'export const f = (em, target, to) => em.execute(',
      '  `with picked as (select id from contacts where ${target.sql} and status is distinct from ?::text)',
      '   update contacts c set status = ?::text from picked where c.id = picked.id`, [to, to]);',
    ].join('\n'),
  ],
  [
    'src/server/contacts/contact-filter.sql.ts',
    "export const f = (status) => ({ sql: 'status = ?', params: [status] });",
  ],
  [
    'src/server/db/health.sql.ts',
    "export const f = (c, t) => c.execute('select to_regclass(?) is not null as found', [t]);",
  ],
];

describe('SQL values', () => {
  it.each(QUESTION_MARK_SHAPES)('are refused as `?` in the old shape of %s', async (file, code) => {
    expect(await sqlLines(file, code, PLACEHOLDER_RULE)).not.toEqual([]);
  });

  it('pass as the sql tag, as $n for a plain pg client, and a question in prose', async () => {
    const clean = [
      'export const a = (status) => sql`status = ${status}`;',
      "export const b = 'select id from contacts where id = $1';",
      "export const c = 'Delete these contacts?';",
      'export const d = (n) => `Line ${n}: a record is longer than allowed (an unclosed quote?)`;',
    ].join('\n');
    expect(await sqlLines('src/server/contacts/x.sql.ts', clean, PLACEHOLDER_RULE)).toEqual([]);
  });
});
