import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { countOf } from '../db/person-match.sql';
import { runSql } from '../db/typed-sql';
import type { QueueDefinition } from './job-queue';

/**
 * Deletes the jobs of `queue` whose data's `key` is one of `ids`, in any state (an erasure takes
 * the jobs of what it deletes: a failed job's output can quote what the server refused). None
 * where pg-boss's schema was never made (an app run without the queue, a bench). Answers how many.
 */
export async function deleteJobs<Data extends object>(
  em: EntityManager,
  queue: QueueDefinition<Data>,
  key: keyof Data & string,
  ids: readonly number[],
): Promise<number> {
  if (!ids.length) return 0;
  const [schema] = await runSql(
    em,
    sql<{ ok: boolean }>`select to_regclass('pgboss.job') is not null as ok`,
  );
  if (!schema?.ok) return 0;
  return countOf(
    em,
    sql<{ n: number }>`with gone as (
        delete from pgboss.job
         where name = ${queue.name} and (data->>${key})::int = any(${ids}::int[])
        returning 1)
      select count(*)::int as n from gone`,
  );
}
