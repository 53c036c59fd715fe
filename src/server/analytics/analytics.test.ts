import { describe, expect, it } from 'vitest';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { ormOptions } from '../../../mikro-orm.config';
import type { TAnalyticsSummary } from '../../shared/analytics.schema';
import { actorFor } from '../test-app';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { analyticsSummary } from './analytics.service';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const DAY_MS = 86_400_000;
const utcDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

async function sql(query: string, params: unknown[] = []): Promise<void> {
  await t.db.orm.em.getConnection().execute(query, params);
}

async function contactAt(createdAt: string, status = 'new'): Promise<void> {
  await sql(
    `insert into contacts (name, email, status, created_at, updated_at) values ('C', 'c@x.io', ?, ?, ?)`,
    [status, createdAt, createdAt],
  );
}

/** Contacts on the edges of UTC days: only the calendar day in UTC may decide where each one counts. */
async function seedDayEdges(): Promise<void> {
  await contactAt(`${utcDay(0)}T00:00:01Z`);
  await contactAt(`${utcDay(0)}T00:00:02Z`, 'contacted');
  await contactAt(`${utcDay(-1)}T23:59:59Z`);
  await contactAt(`${utcDay(-29)}T00:00:00Z`, 'converted');
  await contactAt(`${utcDay(-30)}T23:59:59Z`, 'converted'); // outside the 30-day window
}

function expectDayEdges(summary: TAnalyticsSummary): void {
  const perDay = summary.contactsPerDay;
  expect(perDay).toHaveLength(30);
  expect(perDay[0]!.date).toBe(utcDay(-29));
  expect(perDay[29]!.date).toBe(utcDay(0));
  for (let i = 1; i < perDay.length; i++) {
    expect(new Date(perDay[i]!.date).getTime() - new Date(perDay[i - 1]!.date).getTime()).toBe(
      DAY_MS,
    );
  }
  const counts = Object.fromEntries(
    perDay.filter((d) => d.count > 0).map((d) => [d.date, d.count]),
  );
  expect(counts).toEqual({ [utcDay(0)]: 2, [utcDay(-1)]: 1, [utcDay(-29)]: 1 });
}

describe('GET /api/analytics', () => {
  it('counts every table and groups contacts and campaigns by status (REST)', async () => {
    await seedDayEdges();
    const [contact] = await t.db.orm.em
      .getConnection()
      .execute<{ id: number }[]>('select id from contacts limit 1');
    await admin.trpc.admin.serviceInquiries.create.mutate({
      contactId: contact!.id,
      serviceType: 'ai_inbound',
    });
    await admin.trpc.admin.campaigns.create.mutate({ name: 'A', type: 'email', status: 'active' });
    await admin.trpc.admin.campaigns.create.mutate({ name: 'B', type: 'email', status: 'active' });
    await admin.trpc.admin.campaigns.create.mutate({ name: 'C', type: 'voice' });
    await t.signedIn('user');

    const res = await admin.rest<TAnalyticsSummary>('GET', '/analytics');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalContacts: 5,
      totalUsers: 2,
      totalServiceInquiries: 1,
      totalCampaigns: 3,
      contactsByStatus: { new: 2, contacted: 1, converted: 2 },
      campaignsByStatus: { active: 2, draft: 1 },
    });
    expect(Object.keys(res.body.contactsByStatus).sort()).toEqual([
      'contacted',
      'converted',
      'new',
    ]);
    expectDayEdges(res.body);
  });

  it('answers zeros, empty maps and 30 zero days for an empty database (tRPC and createCaller agree)', async () => {
    const viaTrpc = await admin.trpc.analytics.summary.query();
    expect(viaTrpc).toMatchObject({
      totalContacts: 0,
      totalUsers: 1,
      totalServiceInquiries: 0,
      totalCampaigns: 0,
      contactsByStatus: {},
      campaignsByStatus: {},
    });
    expect(viaTrpc.contactsPerDay).toHaveLength(30);
    expect(viaTrpc.contactsPerDay.every((d) => d.count === 0)).toBe(true);
    expect(await t.caller(actorFor(admin.userId)).analytics.summary()).toEqual(viaTrpc);
  });

  it('puts contacts on their UTC day even when the database session runs in another time zone', async () => {
    await seedDayEdges();
    for (const zone of ['America/New_York', 'Pacific/Kiritimati']) {
      await sql(`alter database ${t.db.name} set timezone to '${zone}'`);
      const orm = await MikroORM.init(ormOptions(t.db.url));
      try {
        expectDayEdges(await analyticsSummary(orm.em.fork() as EntityManager));
      } finally {
        await orm.close(true);
      }
    }
    await sql(`alter database ${t.db.name} reset timezone`);
  });

  it('refuses anonymous callers with 401 and non-admins with 403', async () => {
    const user = await t.signedIn('user');
    expect((await t.anonymous().rest('GET', '/analytics')).status).toBe(401);
    expect((await user.rest('GET', '/analytics')).status).toBe(403);
    await expect(t.caller(null).analytics.summary()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(t.caller(actorFor(user.userId, 'user')).analytics.summary()).rejects.toMatchObject(
      { code: 'FORBIDDEN' },
    );
  });
});
