// What `npm run migration:create` writes, made ready to commit: formatted as the repository is,
// and without what the ORM's diff invents for the hand-written contact triggers. With
// `ignoreTriggers` it never drops them going up, but going down it "re-creates" them with empty
// bodies; a rollback would then silently stop the maintained counts.
import { readFile, writeFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';

/** One generated statement on one line: `this.addSql(`...`);`. */
const EMPTY_TRIGGER_FUNCTION =
  /^\s*this\.addSql\(`create or replace function "([^"]+)"\(\) returns trigger as \\\$\\\$ begin ; end; \\\$\\\$ language plpgsql;`\);\n/gm;
const triggerRunning = (fn: string) =>
  new RegExp(
    `^\\s*this\\.addSql\\(\`create trigger "[^"]+" .* execute function "${fn}"\\(\\);\`\\);\\n`,
    'gm',
  );

/** `source` without the empty trigger functions down() makes, nor the triggers that run them. */
function dropInventedTriggers(source: string): string {
  const down = source.indexOf('override down(');
  if (down < 0) return source;
  let tail = source.slice(down);
  const emptied = [...tail.matchAll(EMPTY_TRIGGER_FUNCTION)].map((m) => m[1]!);
  tail = tail.replace(EMPTY_TRIGGER_FUNCTION, '');
  for (const fn of emptied) tail = tail.replace(triggerRunning(fn), '');
  return source.slice(0, down) + tail;
}

/**
 * `source` without the rebuild of page_views that down() writes: the table is partitioned by
 * month with partitions made at run time (web-analytics/page-view-partitions.sql.ts), which the
 * entity cannot list, so the diff "restores" the partitions it saw by copying the whole table.
 */
function dropInventedPartitionSwap(source: string): string {
  const down = source.indexOf('override down(');
  if (down < 0) return source;
  const swap =
    /^\s*this\.addSql\(\s*`-- WARNING: changing partitioning[\s\S]*?drop schema if exists "mikro_orm_partition_swap" cascade;`\);\n/gm;
  return source.slice(0, down) + source.slice(down).replace(swap, '');
}

export async function tidyMigration(path: string): Promise<void> {
  const source = dropInventedPartitionSwap(dropInventedTriggers(await readFile(path, 'utf8')));
  const options = await resolveConfig(path);
  await writeFile(path, await format(source, { ...options, filepath: path }));
}
