import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { NEW_CAMPAIGN_DEFAULTS, type TCampaign } from '../../shared/campaigns.schema';
import { actorFor } from '../test-app';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import type { RestErrorBody } from '../test/rest-error-body';
import { expectAdminOnly, type RestCall } from '../test/expect-admin-only';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const webinar = {
  name: 'Spring Webinar',
  type: 'voice',
  status: 'active',
  targetAudience: 'CFOs',
  goalMetric: 'registrations',
  goalValue: 2500,
  description: 'Invite sequence',
} as const;

async function create(body: object = webinar): Promise<TCampaign> {
  const res = await admin.rest<TCampaign>('POST', '/campaigns', body);
  expect(res.status).toBe(200);
  return res.body;
}

describe('campaigns: create and list', () => {
  it("creates the product's New Campaign defaults over REST", async () => {
    const campaign = await create(NEW_CAMPAIGN_DEFAULTS);
    expect(campaign).toMatchObject({
      name: 'New Campaign',
      type: 'email',
      status: 'draft',
      targetAudience: 'All customers',
      goalMetric: 'conversions',
      goalValue: 100,
      description: NEW_CAMPAIGN_DEFAULTS.description,
    });
    expect(campaign.createdAt).toBe(new Date(campaign.createdAt).toISOString());
    expect((await admin.rest<TCampaign[]>('GET', '/campaigns')).body).toEqual([campaign]);
  });

  it('defaults status to draft and optional fields to null; lists newest first through tRPC and createCaller', async () => {
    const minimal = await admin.trpc.admin.campaigns.create.mutate({ name: 'Bare', type: 'other' });
    expect(minimal).toMatchObject({
      status: 'draft',
      targetAudience: null,
      goalMetric: null,
      goalValue: null,
      description: null,
    });
    const second = await t.caller(actorFor(admin.userId)).admin.campaigns.create({ ...webinar });
    expect(second.status).toBe('active');
    const list = await admin.trpc.admin.campaigns.list.query();
    expect(list.map((c) => c.name)).toEqual(['Spring Webinar', 'Bare']);
  });

  it('answers 400 naming the field for a bad type, bad status, negative or fractional goal value and a blank name', async () => {
    const cases: [object, string, string][] = [
      [{ type: 'fax' }, 'type', 'Type must be one of: email, social, voice, content, other'],
      [{ status: 'archived' }, 'status', 'Status must be one of: draft, active, paused, completed'],
      [{ goalValue: -1 }, 'goalValue', 'Goal value must be 0 or more'],
      [{ goalValue: 1.5 }, 'goalValue', 'Goal value must be a whole number'],
      [{ goalValue: 2 ** 31 }, 'goalValue', 'Goal value is too large'],
      [{ goalValue: '100' }, 'goalValue', 'Goal value must be a whole number'],
      [{ name: '   ' }, 'name', 'Name is required'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await admin.rest<RestErrorBody>('POST', '/campaigns', { ...webinar, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.data?.fieldErrors?.[field]).toBe(message);
      expect(res.body.message).toContain(`${field}: ${message}`);
    }
    const err = await admin.trpc.admin.campaigns.create
      .mutate({ ...webinar, goalValue: -5 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCClientError);
    expect(err).toMatchObject({
      message: 'goalValue: Goal value must be 0 or more',
      data: { httpStatus: 400 },
    });
    expect(await admin.trpc.admin.campaigns.list.query()).toEqual([]);
  });
});

describe('campaigns: update', () => {
  it('changes only the status with the documented PATCH {status}, and bumps updatedAt', async () => {
    const campaign = await create();
    await t.db.orm.em
      .getConnection()
      .execute(`update campaigns set updated_at = now() - interval '1 hour' where id = ?`, [
        campaign.id,
      ]);
    const res = await admin.rest<TCampaign>('PATCH', `/campaigns/${campaign.id}`, {
      status: 'paused',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ...webinar,
      id: campaign.id,
      status: 'paused',
      createdAt: campaign.createdAt,
    });
    expect(Date.now() - new Date(res.body.updatedAt).getTime()).toBeLessThan(60_000);
    const again = await admin.trpc.admin.campaigns.update.mutate({
      id: campaign.id,
      status: 'active',
    });
    expect(again.status).toBe('active');
  });

  it('changes any other fields and can clear optional ones with null', async () => {
    const campaign = await create();
    const res = await admin.rest<TCampaign>('PATCH', `/campaigns/${campaign.id}`, {
      name: 'Renamed',
      type: 'social',
      goalValue: null,
      targetAudience: '',
    });
    expect(res.body).toMatchObject({
      name: 'Renamed',
      type: 'social',
      goalValue: null,
      targetAudience: null,
      goalMetric: 'registrations',
      status: 'active',
    });
    const viaCaller = await t
      .caller(actorFor(admin.userId))
      .admin.campaigns.update({ id: campaign.id, description: 'New copy' });
    expect(viaCaller).toMatchObject({ name: 'Renamed', description: 'New copy' });
  });

  it('answers 400 for a bad status or negative goal value and 404 for an unknown id', async () => {
    const campaign = await create();
    const badStatus = await admin.rest<RestErrorBody>('PATCH', `/campaigns/${campaign.id}`, {
      status: 'running',
    });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.data?.fieldErrors?.status).toBe(
      'Status must be one of: draft, active, paused, completed',
    );
    const negative = await admin.rest<RestErrorBody>('PATCH', `/campaigns/${campaign.id}`, {
      goalValue: -10,
    });
    expect(negative.status).toBe(400);
    expect(negative.body.data?.fieldErrors?.goalValue).toBe('Goal value must be 0 or more');
    const unknown = await admin.rest<RestErrorBody>('PATCH', '/campaigns/424242', {
      status: 'paused',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Campaign 424242 was not found');
    await expect(
      t.caller(actorFor(admin.userId)).admin.campaigns.update({ id: 424242, status: 'paused' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await admin.rest('PATCH', '/campaigns/0', { status: 'paused' })).status).toBe(400);
    expect((await admin.rest<TCampaign[]>('GET', '/campaigns')).body[0]).toEqual(campaign);
  });
});

describe('campaigns: duplicate and delete', () => {
  it("duplicates as 'Copy of <name>' in draft with the other fields copied", async () => {
    const campaign = await create();
    const res = await admin.rest<TCampaign>('POST', `/campaigns/${campaign.id}/duplicate`);
    expect(res.status).toBe(200);
    const { id, createdAt, updatedAt, ...copied } = res.body;
    expect(id).not.toBe(campaign.id);
    // The UTM code stays with the original: two campaigns cannot share one.
    expect(copied).toEqual({
      ...webinar,
      name: 'Copy of Spring Webinar',
      status: 'draft',
      utmCampaign: null,
      results: null,
      funnel: null,
    });
    expect(createdAt >= campaign.createdAt && updatedAt >= campaign.updatedAt).toBe(true);
    const viaTrpc = await admin.trpc.admin.campaigns.duplicate.mutate({ id: res.body.id });
    expect(viaTrpc.name).toBe('Copy of Copy of Spring Webinar');
    expect((await admin.rest('POST', '/campaigns/424242/duplicate')).status).toBe(404);
  });

  it('keeps a duplicated long name within the 200-character limit', async () => {
    const campaign = await create({ ...webinar, name: 'x'.repeat(200) });
    const copy = await admin.trpc.admin.campaigns.duplicate.mutate({ id: campaign.id });
    expect(copy.name).toHaveLength(200);
    expect(copy.name.startsWith('Copy of x')).toBe(true);
  });

  it('deletes over REST and createCaller; deleting again is 404', async () => {
    const a = await create();
    const b = await create(NEW_CAMPAIGN_DEFAULTS);
    const res = await admin.rest<{ success: boolean }>('DELETE', `/campaigns/${a.id}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect((await admin.rest('DELETE', `/campaigns/${a.id}`)).status).toBe(404);
    await t.caller(actorFor(admin.userId)).admin.campaigns.delete({ id: b.id });
    await expect(
      t.caller(actorFor(admin.userId)).admin.campaigns.delete({ id: b.id }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await admin.trpc.admin.campaigns.list.query()).toEqual([]);
  });
});

describe('campaigns: access', () => {
  it('refuses anonymous callers with 401 and non-admins with 403 on every operation', async () => {
    const campaign = await create();
    const user = await t.signedIn('user');
    const calls: RestCall[] = [
      ['GET', '/campaigns'],
      ['POST', '/campaigns', NEW_CAMPAIGN_DEFAULTS],
      ['PATCH', `/campaigns/${campaign.id}`, { status: 'paused' }],
      ['POST', `/campaigns/${campaign.id}/duplicate`],
      ['DELETE', `/campaigns/${campaign.id}`],
    ];
    await expectAdminOnly(t, user, calls);
    await expect(t.caller(null).admin.campaigns.list()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await expect(
      t.caller(actorFor(user.userId, 'user')).admin.campaigns.delete({ id: campaign.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await admin.trpc.admin.campaigns.list.query()).toEqual([campaign]);
  });
});

describe('campaign results from UTM codes', () => {
  const lead = (utmCampaign: string, status = 'new') =>
    t.db.orm.em
      .getConnection()
      .execute(
        `insert into contacts (name, email, status, utm_campaign) values ('L', 'l@x.io', ?, ?)`,
        [status, utmCampaign],
      );

  it('counts leads carrying the code (any case) and their conversions, over both transports', async () => {
    await lead('spring-webinar');
    await lead('Spring-Webinar', 'converted');
    await lead('other');
    const res = await admin.rest<TCampaign>('POST', '/campaigns', {
      ...webinar,
      utmCampaign: ' Spring-Webinar ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      utmCampaign: 'spring-webinar',
      results: { leads: 2, conversions: 1 },
    });
    const [listed] = await admin.trpc.admin.campaigns.list.query();
    expect(listed).toMatchObject({ results: { leads: 2, conversions: 1 } });
    const cleared = await admin.rest<TCampaign>('PATCH', `/campaigns/${res.body.id}`, {
      utmCampaign: null,
    });
    expect(cleared.body).toMatchObject({ utmCampaign: null, results: null, funnel: null });
  });

  it('follows the code from visitors to customers: GET /api/campaigns adds the funnel', async () => {
    const sql = (q: string, params: unknown[] = []) =>
      t.db.orm.em.getConnection().execute(q, params);
    // Three visitors landed on its links (one twice the same day), one elsewhere.
    for (const [visitor, campaign] of [
      ['v1', 'spring-webinar'],
      ['v1', 'spring-webinar'],
      ['v2', 'Spring-Webinar'],
      ['v3', 'spring-webinar'],
      ['v4', 'other'],
    ])
      await sql(
        `insert into page_views (viewed_at, day, visitor, path, utm_source, utm_campaign, device)
         values (now(), (now() at time zone 'utc')::date, ?, '/', 'news', ?, 'desktop')`,
        [visitor, campaign],
      );
    await lead('spring-webinar', 'converted');
    await lead('spring-webinar');
    const [contact] = await sql(`select id from contacts where status = 'converted'`);
    await sql(
      `insert into bookings (contact_id, host_id, starts_at, ends_at, blocked_until, status, manage_token)
       values (?, ?, now() + interval '2 days', now() + interval '2 days 30 minutes', now() + interval '2 days 30 minutes', 'confirmed', 'tok-funnel')`,
      [(contact as { id: number }).id, admin.userId],
    );
    const created = await admin.rest<TCampaign>('POST', '/campaigns', {
      ...webinar,
      utmCampaign: 'spring-webinar',
    });
    const funnel = { visitors: 3, leads: 2, bookedCalls: 1, customers: 1 };
    expect(created.body.funnel).toEqual(funnel);
    const listed = await admin.rest<TCampaign[]>('GET', '/campaigns');
    expect(listed.body.find((c) => c.id === created.body.id)?.funnel).toEqual(funnel);
    const [viaTrpc] = await admin.trpc.admin.campaigns.list.query();
    expect(viaTrpc?.funnel).toEqual(funnel);
  });

  it('refuses a malformed code (400, naming the field) and a code another campaign has (409)', async () => {
    const bad = await admin.rest<{ message: string }>('POST', '/campaigns', {
      ...webinar,
      utmCampaign: 'spring webinar!',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^utmCampaign: Use letters, digits/);
    await admin.rest('POST', '/campaigns', { ...webinar, utmCampaign: 'taken' });
    const taken = await admin.rest<{ message: string }>('POST', '/campaigns', {
      ...webinar,
      utmCampaign: 'TAKEN',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Another campaign already uses this UTM code');
  });
});
