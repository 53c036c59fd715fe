// Group commit: concurrent writes share transactions, each caller hears only its own answer, and
// one write that breaks its batch's transaction fails alone while the rest still commit.
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../test/pg-admin';
import { useTestApp } from '../test/use-test-app';
import { GroupCommit, type Outcome } from './group-commit';

const t = useTestApp();

/** Writes each name into a scratch table (a unique column) and answers the transaction id. */
function namesWriter(batches: number[]) {
  return new GroupCommit<string, string>(t.deps.orm.em, async (em, items) => {
    batches.push(items.length);
    const answers: Outcome<string>[] = [];
    for (const { item } of items) {
      if (item === 'refused') {
        answers.push({ ok: false, error: new Error('refused before writing') });
        continue;
      }
      await em.execute('insert into group_commit_probe (name) values (?)', [item]);
      const [row] = await em.execute<{ tx: string }[]>('select txid_current()::text as tx');
      answers.push({ ok: true, value: row!.tx });
    }
    return answers;
  });
}

const scratchTable = async () => {
  await queryRows(t.db.url, 'create table if not exists group_commit_probe (name text unique)');
  await queryRows(t.db.url, 'truncate group_commit_probe');
};

afterAll(() => queryRows(t.db.url, 'drop table if exists group_commit_probe'));

describe('group commit', () => {
  it('shares transactions among concurrent writes; a refusal reaches only its caller', async () => {
    await scratchTable();
    const batches: number[] = [];
    const writer = namesWriter(batches);
    const names = Array.from({ length: 20 }, (_, i) => (i === 5 ? 'refused' : `name-${i}`));
    const answers = await Promise.allSettled(names.map((name) => writer.submit(name)));
    expect(answers[5]).toMatchObject({
      status: 'rejected',
      reason: { message: 'refused before writing' },
    });
    const txids = answers.filter((a) => a.status === 'fulfilled').map((a) => a.value);
    expect(txids).toHaveLength(19);
    // The first write starts alone at once; the rest gather behind it.
    expect(batches[0]).toBe(1);
    expect(new Set(txids).size).toBeLessThan(19);
    expect(await queryRows(t.db.url, 'select name from group_commit_probe')).toHaveLength(19);
  });

  it('tries each write of a failed transaction alone: only the one that broke it fails', async () => {
    await scratchTable();
    await queryRows(t.db.url, "insert into group_commit_probe values ('taken')");
    const batches: number[] = [];
    const writer = namesWriter(batches);
    const names = ['a', 'b', 'c', 'taken', 'd', 'e'];
    const answers = await Promise.allSettled(names.map((name) => writer.submit(name)));
    expect(answers.map((a) => a.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(String((answers[3] as PromiseRejectedResult).reason)).toMatch(/duplicate key/);
    const stored = await queryRows<{ name: string }>(
      t.db.url,
      'select name from group_commit_probe order by name',
    );
    expect(stored.map((r) => r.name)).toEqual(['a', 'b', 'c', 'd', 'e', 'taken']);
  });
});
