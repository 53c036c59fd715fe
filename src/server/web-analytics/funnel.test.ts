import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/time-zone';
import type { TContactPage } from '../../shared/contacts.schema';
import type { TFunnel } from '../../shared/web-analytics.schema';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { rollUpPageViews } from './page-view-rollups.sql';

// GET /api/analytics/funnel: visitors → website leads → booked calls → customers by first touch,
// reconciled with direct counts, the same before and after the roll-ups.
const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const sql = (query: string, params: unknown[] = []) =>
  t.db.orm.em.getConnection().execute(query, params);
const today = new Date().toISOString().slice(0, 10);
const yesterday = addDays(today, -1);

async function view(visitor: string, path: string, source: string | null, referrer: string | null) {
  const at = `${yesterday}T10:00:00Z`;
  await sql(
    `insert into page_views (viewed_at, day, visitor, path, referrer_host, utm_source, utm_campaign, device)
     values (?, ?, ?, ?, ?, ?, ?, 'desktop')`,
    [at, yesterday, visitor, path, referrer, source, source ? 'q4' : null],
  );
}

let booked = 0;
async function lead(
  email: string,
  touch: { utmSource?: string; referrer?: string; landingPage?: string },
  outcome: { booked?: boolean; status?: string } = {},
  createdAt = `${yesterday}T11:00:00Z`,
) {
  const [row] = await sql(
    `insert into contacts (name, email, source, status, utm_source, utm_campaign, referrer, landing_page, created_at, updated_at)
     values ('L', ?, 'website', ?, ?, ?, ?, ?, ?, ?) returning id`,
    [
      email,
      outcome.status ?? 'new',
      touch.utmSource ?? null,
      touch.utmSource ? 'q4' : null,
      touch.referrer ?? null,
      touch.landingPage ?? null,
      createdAt,
      createdAt,
    ],
  );
  if (outcome.booked) {
    // A host's calls cannot overlap: each booked lead gets its own hour.
    const starts = new Date(Date.now() + 3 * 86_400_000 + ++booked * 3_600_000);
    await sql(
      `insert into bookings (contact_id, host_id, starts_at, ends_at, blocked_until, status, manage_token)
       values (?, ?, ?, ?, ?, 'confirmed', ?)`,
      [
        (row as { id: number }).id,
        admin.userId,
        starts,
        new Date(starts.getTime() + 1_800_000),
        new Date(starts.getTime() + 1_800_000),
        randomBytes(32).toString('hex'),
      ],
    );
  }
}

async function seed() {
  // Four visitors: two from LinkedIn (one reads a second page), one from Google, one direct.
  await view('v1', '/', 'linkedin', 'www.linkedin.com');
  await view('v1', '/pricing', null, null);
  await view('v2', '/services', 'linkedin', null);
  await view('v3', '/', null, 'www.google.com');
  await view('v4', '/about', null, null);
  // Three website leads: from LinkedIn (booked, customer), Google (old full-URL referrer), direct.
  await lead(
    'a@x.io',
    { utmSource: 'linkedin', landingPage: '/?utm_source=linkedin' },
    { booked: true, status: 'converted' },
  );
  await lead('b@x.io', { referrer: 'https://www.google.com/search?q=ai', landingPage: '/' });
  await lead('c@x.io', {}, { booked: true });
  // Not website leads, not counted.
  await sql(`insert into contacts (name, email, source) values ('I', 'i@x.io', 'csv_import')`);
}

const funnelOf = (groupBy: string) =>
  admin.rest<TFunnel>('GET', `/analytics/funnel?from=${yesterday}&to=${today}&groupBy=${groupBy}`);

/** Each group's key, visitors and leads, in the answer's order. */
const visitorsAndLeadsBy = async (groupBy: string) =>
  (await funnelOf(groupBy)).body.rows.map((r) => [r.key, r.visitors, r.leads]);

describe('GET /api/analytics/funnel', () => {
  it('follows visitors to leads, booked calls and customers by source, with the rates', async () => {
    await seed();
    const res = await funnelOf('source');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      rows: [
        {
          key: 'linkedin',
          visitors: 2,
          leads: 1,
          bookedCalls: 1,
          customers: 1,
          visitToLead: 0.5,
          leadToCall: 1,
          callToCustomer: 1,
        },
        {
          key: 'direct',
          visitors: 1,
          leads: 1,
          bookedCalls: 1,
          customers: 0,
          visitToLead: 1,
          leadToCall: 1,
          callToCustomer: 0,
        },
        {
          key: 'www.google.com',
          visitors: 1,
          leads: 1,
          bookedCalls: 0,
          customers: 0,
          visitToLead: 1,
          leadToCall: 0,
          callToCustomer: null,
        },
      ],
      other: null,
      totals: {
        visitors: 4,
        leads: 3,
        bookedCalls: 2,
        customers: 1,
        visitToLead: 0.75,
        leadToCall: 0.6667,
        callToCustomer: 0.5,
      },
    });
    expect(await admin.trpc.analytics.funnel.query({ from: yesterday, to: today })).toEqual(
      res.body,
    );

    // Reconciled with direct counts of the website leads, their calls and customers.
    const [direct] = await sql(
      `select count(*)::int as leads,
              count(*) filter (where exists (select 1 from bookings b where b.contact_id = c.id))::int as booked,
              count(*) filter (where status = 'converted')::int as customers
         from contacts c where source = 'website'`,
    );
    expect(res.body.totals).toMatchObject({
      leads: direct!.leads,
      bookedCalls: direct!.booked,
      customers: direct!.customers,
    });
    // The same once yesterday is rolled up.
    expect(await rollUpPageViews(t.db.em(), new Date())).toBe(1);
    expect((await funnelOf('source')).body).toEqual(res.body);
  });

  it('reconciles its leads, booked calls and customers with direct counts over random periods', async () => {
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let i = 0; i < 60; i++) {
      const day = addDays(today, -random(40));
      await lead(
        `r${i}@x.io`,
        { utmSource: [undefined, 'linkedin', 'google'][random(3)] },
        { booked: random(3) === 0, status: ['new', 'qualified', 'converted'][random(3)] },
        `${day}T${String(8 + random(12)).padStart(2, '0')}:30:00Z`,
      );
    }
    await sql(`insert into contacts (name, email, source) values ('I', 'i@x.io', 'csv_import')`);
    for (let i = 0; i < 10; i++) {
      const to = addDays(today, -random(40));
      const from = addDays(to, -random(30));
      const res = await admin.rest<TFunnel>(
        'GET',
        `/analytics/funnel?from=${from}&to=${to}&groupBy=source`,
      );
      const [direct] = await sql(
        `select count(*)::int as leads,
                count(*) filter (where exists (select 1 from bookings b where b.contact_id = c.id))::int as booked,
                count(*) filter (where status = 'converted')::int as customers
           from contacts c
          where source = 'website' and created_at >= ? and created_at < ?`,
        [`${from}T00:00:00Z`, `${addDays(to, 1)}T00:00:00Z`],
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.totals, `${from}..${to}`).toMatchObject({
        leads: direct!.leads,
        bookedCalls: direct!.booked,
        customers: direct!.customers,
      });
      // The contacts list counts the same leads.
      const listed = await admin.rest<TContactPage>(
        'GET',
        `/contacts/search?source=website&createdFrom=${from}&createdTo=${to}&limit=1`,
      );
      expect(listed.body.total, `${from}..${to}`).toBe(direct!.leads);
    }
  });

  it('groups by campaign and by landing page', async () => {
    await seed();
    expect(await visitorsAndLeadsBy('campaign')).toEqual([
      ['(none)', 2, 2],
      ['q4', 2, 1],
    ]);
    // A landing page with a lead is listed; one seen from fewer than three networks and with no
    // lead is summed in `other`.
    expect(await visitorsAndLeadsBy('landingPage')).toEqual([
      ['/', 2, 2],
      ['(unknown)', 0, 1],
    ]);
    expect((await funnelOf('landingPage')).body.other).toMatchObject({
      keys: 2,
      visitors: 2,
      leads: 0,
    });
  });

  it("links each figure to exactly the contacts it counts (the list's origin filters), over both transports", async () => {
    await seed();
    for (const groupBy of ['source', 'campaign', 'landingPage'] as const) {
      const { rows } = (await funnelOf(groupBy)).body;
      for (const row of rows) {
        const origin = {
          source: 'website',
          createdFrom: yesterday,
          createdTo: today,
          firstTouch: `${groupBy}:${row.key}`,
        };
        const listed = async (extra: Record<string, string>) => {
          const query = { ...origin, ...extra };
          const res = await admin.rest<TContactPage>(
            'GET',
            `/contacts/search?${new URLSearchParams(query).toString()}`,
          );
          expect(res.status).toBe(200);
          const viaTrpc = await admin.trpc.admin.contacts.find.query(
            query as Parameters<typeof admin.trpc.admin.contacts.find.query>[0],
          );
          expect(viaTrpc.items.map((c) => c.id)).toEqual(res.body.items.map((c) => c.id));
          expect(res.body.items).toHaveLength(res.body.total);
          return res.body.total;
        };
        const figures = [await listed({}), await listed({ booked: 'true' })];
        figures.push(await listed({ status: 'converted' }));
        expect(figures, `${groupBy} ${row.key}`).toEqual([
          row.leads,
          row.bookedCalls,
          row.customers,
        ]);
      }
    }
    // The CSV export takes the same filters: the LinkedIn lead alone.
    const csv = await admin.fetch(
      `/api/contacts/export/csv?source=website&firstTouch=${encodeURIComponent('source:linkedin')}`,
    );
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('a@x.io');
  });

  it('refuses a bad origin filter on the contacts list with 400 naming it', async () => {
    for (const [params, field] of [
      ['firstTouch=device:mobile', 'firstTouch'],
      ['firstTouch=source:', 'firstTouch'],
      ['createdFrom=2026-02-30', 'createdFrom'],
      ['createdTo=yesterday', 'createdTo'],
      ['booked=yes', 'booked'],
      ['source=web%00site', 'source'],
      ['firstTouch=source:a%00b', 'firstTouch'],
    ]) {
      const res = await admin.rest<{ data: { fieldErrors: Record<string, string> } }>(
        'GET',
        `/contacts/search?${params}`,
      );
      expect(res.status, params).toBe(400);
      expect(Object.keys(res.body.data.fieldErrors), params).toEqual([field]);
    }
  });

  it('refuses a bad grouping or period with 400 naming the field', async () => {
    for (const [params, field] of [
      [`from=${yesterday}&to=${today}&groupBy=device`, 'groupBy'],
      [`from=${today}&to=${yesterday}`, 'to'],
      [`to=${today}`, 'from'],
    ]) {
      const res = await admin.rest<{ data: { fieldErrors: Record<string, string> } }>(
        'GET',
        `/analytics/funnel?${params}`,
      );
      expect(res.status, params).toBe(400);
      expect(Object.keys(res.body.data.fieldErrors), params).toEqual([field]);
    }
    expect(
      (await t.anonymous().rest('GET', `/analytics/funnel?from=${today}&to=${today}`)).status,
    ).toBe(401);
  });
});
