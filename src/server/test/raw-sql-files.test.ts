// Hand-written SQL text lives only in `*.sql.ts` files (and migrations): everywhere else a query
// goes through the unit of work or typedSql (Kysely typed from the entities), so renaming a
// column fails the type check instead of a query at run time.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = resolve(import.meta.dirname, '..');

/**
 * SQL text: a string that starts a statement (the code base writes SQL in lower case), or one
 * handed straight to execute()/query(). Migrations and tests are exempt.
 */
const RAW_SQL = [
  /[`'"]\s*(select\s[^`'"]*?\bfrom\s|insert into\s|update\s+"?\w+"?\s+set\s|delete from\s|with\s+\w+\s+as\s*\(|copy\s|listen\s|truncate\s|lock table\s)/,
  /\b(execute|query)(<[^>]*>)?\(\s*[`'"]\s*(select|insert|update|delete|with|create|drop|alter|set|begin|commit|rollback|vacuum|analyze)\b/i,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'migrations' || entry.name === 'test' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(test|sql)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Files outside `*.sql.ts` that send SQL text, with the first line that does. */
function rawSqlOutsideSqlFiles(files: string[]): string[] {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const found = RAW_SQL.map((pattern) => pattern.exec(text)?.index ?? Infinity);
    const at = Math.min(...found);
    if (at === Infinity) return [];
    const line = text.slice(0, at).split('\n').length;
    return [`${relative(SERVER, file)}:${line}`];
  });
}

describe('raw SQL', () => {
  it('is written only in *.sql.ts files', () => {
    expect(rawSqlOutsideSqlFiles(sourceFiles(SERVER))).toEqual([]);
  });

  it('is found in a service that sends SQL text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'raw-sql-'));
    try {
      const file = join(dir, 'leads.service.ts');
      writeFileSync(
        file,
        "export const f = (em) =>\n  em.execute(\n    `update contacts set status = 'new'`);\n",
      );
      expect(rawSqlOutsideSqlFiles([file])).toEqual([`${relative(SERVER, file)}:2`]);
      const constant = join(dir, 'stats.service.ts');
      writeFileSync(constant, "const Q = 'select count(*) from contacts';\n");
      expect(rawSqlOutsideSqlFiles([constant])).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
