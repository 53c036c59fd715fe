import { describe, expect, it } from 'vitest';
import { reportPeriod } from '../../shared/report-period';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContactPage, TContactStatusCounts } from '../../shared/contacts.schema';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { compactContactCounts, maintainedStatusCounts } from './contact-counts.sql';
import { contactsPerDay, leadsBySource } from './contact-stats.sql';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');

/** The truth, counted the slow way. */
async function countedByStatus(where = 'true'): Promise<TContactStatusCounts> {
  const rows = await t.db
    .em()
    .getConnection()
    .execute<{ status: string; n: string }[]>(
      `select status, count(*) as n from contacts where ${where} group by status`,
    );
  const counts: TContactStatusCounts = { all: 0, new: 0, contacted: 0, qualified: 0, converted: 0 };
  for (const r of rows) {
    counts[r.status as keyof TContactStatusCounts] += Number(r.n);
    counts.all += Number(r.n);
  }
  return counts;
}

const exec = (sql: string, params: unknown[] = []) =>
  t.db.em().getConnection().execute(sql, params);
const statuses = ['new', 'contacted', 'qualified', 'converted'];

describe('maintained contact counts', () => {
  it('stay exact under concurrent inserts, status and owner changes, deletes and a rollback', async () => {
    const owner = await t.signedIn('user');
    await exec(
      `insert into contacts (name, email, status) select 'Seed ' || g, 's' || g || '@x.io', (array['new','contacted','qualified','converted'])[1 + g % 4] from generate_series(1, 2000) g`,
    );
    const writers = Array.from({ length: 40 }, (_, i) => async () => {
      const em = t.db.em() as EntityManager;
      switch (i % 5) {
        case 0:
          return em.execute(`insert into contacts (name, email, status) values (?, ?, ?)`, [
            `W${i}`,
            `w${i}@x.io`,
            statuses[i % 4],
          ]);
        case 1:
          return em.execute(
            `update contacts set status = ? where id in (select id from contacts where id % 40 = ? limit 20)`,
            [statuses[(i + 1) % 4], i],
          );
        case 2:
          return em.execute(`update contacts set owner_id = ? where id % 40 = ?`, [
            owner.userId,
            i,
          ]);
        case 3:
          return em.execute(
            `delete from contacts where id in (select id from contacts where id % 97 = ? limit 5)`,
            [i],
          );
        default:
          // Written and rolled back: its deltas must go with it.
          return em
            .transactional(async (tem) => {
              await tem.execute(
                `insert into contacts (name, email) select 'R', 'r@x.io' from generate_series(1, 50)`,
              );
              throw new Error('roll back');
            })
            .catch(() => undefined);
      }
    });
    await Promise.all(writers.map((write) => write()));
    const em = t.db.em() as EntityManager;
    expect(await maintainedStatusCounts(em)).toEqual(await countedByStatus());
    expect(await maintainedStatusCounts(em, { userId: owner.userId })).toEqual(
      await countedByStatus(`owner_id = ${owner.userId}`),
    );
    expect(await maintainedStatusCounts(em, 'unassigned')).toEqual(
      await countedByStatus('owner_id is null'),
    );

    // The daily roll-up follows the same writes (backdated rows land on their own day).
    await exec(
      `update contacts set created_at = now() - interval '3 days', source = 'import' where id % 7 = 0`,
    );
    const perSource = await exec(
      `select source, count(*) as n from contacts where created_at >= (now() at time zone 'utc')::date - 29 group by source order by source`,
    );
    const rolled = await leadsBySource(em, reportPeriod(30, 'UTC'));
    expect(rolled.map((r) => [r.source, r.count]).sort()).toEqual(
      perSource.map((r) => [r.source, Number(r.n)]).sort(),
    );
    const days = await contactsPerDay(em, reportPeriod(30, 'UTC'));
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe((await countedByStatus()).all);
    expect(days.at(-4)!.count).toBe(Number(perSource.find((r) => r.source === 'import')!.n));

    const before = Number((await exec('select count(*) as n from contact_count_deltas'))[0]!.n);
    await compactContactCounts(em);
    const after = Number((await exec('select count(*) as n from contact_count_deltas'))[0]!.n);
    expect(after).toBeLessThan(before);
    expect(after).toBeLessThanOrEqual(8); // one row per (status, owner)
    expect(await maintainedStatusCounts(em)).toEqual(await countedByStatus());
  });

  it('follow the owner being deleted (set null) and a truncate', async () => {
    const owner = await t.signedIn('user');
    await exec(
      `insert into contacts (name, email, owner_id) select 'O', 'o@x.io', ? from generate_series(1, 30)`,
      [owner.userId],
    );
    await exec(`delete from users where id = ?`, [owner.userId]);
    const em = t.db.em() as EntityManager;
    expect(await maintainedStatusCounts(em, 'unassigned')).toEqual(
      await countedByStatus('owner_id is null'),
    );
    expect((await maintainedStatusCounts(em, { userId: owner.userId })).all).toBe(0);
    await exec('truncate contacts cascade');
    expect((await maintainedStatusCounts(em)).all).toBe(0);
  });

  it('are what the list answers over REST and tRPC, with and without the owner filter', async () => {
    await exec(
      `insert into contacts (name, email, status, owner_id) select 'L' || g, 'l' || g || '@x.io', (array['new','converted'])[1 + g % 2], case when g % 3 = 0 then ? end from generate_series(1, 90) g`,
      [admin.userId],
    );
    const rest = await admin.rest<TContactPage>('GET', '/contacts/search?limit=5');
    expect(rest.body.counts).toEqual(await countedByStatus());
    const mine = await admin.trpc.admin.contacts.find.query({ limit: 5, ownerId: 'me' });
    expect(mine.counts).toEqual(await countedByStatus(`owner_id = ${admin.userId}`));
    const analytics = await admin.rest<{
      totalContacts: number;
      contactsByStatus: Record<string, number>;
    }>('GET', '/analytics');
    expect(analytics.body.totalContacts).toBe(90);
    expect(analytics.body.contactsByStatus).toEqual({ new: 30 + 15, converted: 45 });
  });
});
