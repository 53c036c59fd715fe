import { beforeEach, describe, expect, it } from 'vitest';
import { relaxContactProtections } from '../form-guard/contact-form-test-support';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { dropOldPageViewPartitions, ensurePageViewPartitions } from './page-view-partitions.sql';
import { visitorOf } from './visitor-key.service';
import { forgetOldSalts } from './visitors.sql';

// POST /api/collect: a page view of a public page, stored without who sent it; a website lead
// takes its first touch from its visitor's first page view of the day.
const t = useTestApp();
const admin = useSignedIn(t, 'admin');
beforeEach(() => relaxContactProtections(t.db.em()));

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const sql = (query: string, params: unknown[] = []) =>
  t.db.orm.em.getConnection().execute(query, params);

async function collect(body: unknown, headers: Record<string, string> = {}) {
  const res = await t.anonymous().fetch('/api/collect', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': FIREFOX, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), cookie: res.headers.get('set-cookie') };
}

/** The page views stored once the buffer has written what waits. */
async function stored() {
  await t.deps.pageViews.flush();
  return sql(
    `select day::text, visitor, path, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, device
       from page_views order by viewed_at, id`,
  );
}

describe('POST /api/collect', () => {
  it('answers 202 with no body and no cookie, and keeps the path, UTM, referrer host and device only', async () => {
    const res = await collect({
      url: `${t.url}/services/ai-voice?utm_source=news&utm_campaign=launch&email=ada@example.com#top`,
      referrer: 'https://news.example.org/story?id=7',
      width: 390,
    });
    expect(res).toEqual({ status: 202, text: '', cookie: null });
    const rows = await stored();
    expect(rows).toEqual([
      {
        day: new Date().toISOString().slice(0, 10),
        visitor: expect.stringMatching(/^[\w-]{22}$/),
        path: '/services/ai-voice',
        referrer_host: 'news.example.org',
        utm_source: 'news',
        utm_medium: null,
        utm_campaign: 'launch',
        utm_term: null,
        utm_content: null,
        device: 'mobile',
      },
    ]);
    // Nothing of who sent it: no address, no browser, no other query parameter.
    const all = JSON.stringify(await sql(`select * from page_views`));
    for (const leak of ['127.0.0.1', 'Firefox', 'ada@example.com']) expect(all).not.toContain(leak);
  });

  it('takes what sendBeacon sends (text/plain), counts our own pages as no referrer, and classes devices', async () => {
    for (const [width, contentType] of [
      [800, 'text/plain;charset=UTF-8'],
      [1440, 'text/plain'],
      [undefined, 'application/json'],
    ] as const)
      expect(
        (
          await collect(
            { url: `${t.url}/about`, referrer: `${t.url}/`, ...(width ? { width } : {}) },
            { 'content-type': contentType },
          )
        ).status,
      ).toBe(202);
    expect((await stored()).map((r) => [r.device, r.referrer_host])).toEqual([
      ['tablet', null],
      ['desktop', null],
      ['unknown', null],
    ]);
  });

  it('refuses what is not a page view of this site: 400 naming url or body, 413 past 2 KB', async () => {
    const cases: [unknown, number, string][] = [
      [{ url: 'https://elsewhere.example/' }, 400, 'url'],
      [{ url: `${t.url}/admin/contacts` }, 400, 'url'],
      [{ url: `${t.url}/api/health` }, 400, 'url'],
      [{ url: 'not a url' }, 400, 'url'],
      [{ referrer: 'x' }, 400, 'url'],
      [{ url: `${t.url}/`, width: 'wide' }, 400, 'width'],
      [{ url: `${t.url}/`, screen: 1 }, 400, 'body'],
      ['{"url":', 400, 'body'],
      [{ url: `${t.url}/${'x'.repeat(2100)}` }, 413, 'body'],
    ];
    for (const [body, status, field] of cases) {
      const res = await collect(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      const answer = JSON.parse(res.text) as { issues: { path: string[] }[] };
      expect(answer.issues[0]!.path, JSON.stringify(body).slice(0, 80)).toEqual([field]);
    }
    expect(await stored()).toEqual([]);
  });

  it('drops a UTM value PostgreSQL cannot store, and keeps the other page views of the batch', async () => {
    expect((await collect({ url: `${t.url}/?utm_source=%00x&utm_campaign=ok` })).status).toBe(202);
    expect((await collect({ url: `${t.url}/about` })).status).toBe(202);
    expect((await stored()).map((r) => [r.path, r.utm_source, r.utm_campaign])).toEqual([
      ['/', null, 'ok'],
      ['/about', null, null],
    ]);
  });

  it('does not count bots, headless browsers that say so, or a browser that names none', async () => {
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'curl/8.5.0',
      '',
    ])
      expect((await collect({ url: `${t.url}/` }, { 'user-agent': userAgent })).status).toBe(202);
    expect(await stored()).toEqual([]);
  });

  it('knows a visitor within a UTC day and not across days', async () => {
    const client = { ip: '203.0.113.9', userAgent: FIREFOX };
    const em = t.db.em();
    const today = new Date('2030-01-07T08:00:00Z');
    const same = await visitorOf(em, client, new Date('2030-01-07T23:59:00Z'));
    expect((await visitorOf(em, client, today)).key).toBe(same.key);
    expect((await visitorOf(em, { ...client, userAgent: 'Other' }, today)).key).not.toBe(same.key);
    // The same /64 is one network; the next day is a new salt.
    expect((await visitorOf(em, client, new Date('2030-01-08T00:01:00Z'))).key).not.toBe(same.key);
    // Salts older than yesterday are deleted: those days' keys can never be made again.
    expect(await forgetOldSalts(em, new Date('2030-01-09T12:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await sql(`select day::text from visitor_salts order by day`)).toEqual([
      { day: '2030-01-08' },
    ]);
  });

  it('creates the month partitions ahead of time', async () => {
    const em = t.db.em();
    expect(await ensurePageViewPartitions(em, new Date())).toBe(0);
    const later = new Date();
    later.setUTCMonth(later.getUTCMonth() + 6);
    expect(await ensurePageViewPartitions(em, later)).toBe(3);
    expect(await ensurePageViewPartitions(em, later)).toBe(0);
  });

  it('drops months past the raw retention once their days are rolled up, keeping the rest', async () => {
    const em = t.db.em();
    expect(await ensurePageViewPartitions(em, new Date('2025-01-15T00:00:00Z'))).toBe(3);
    await sql(
      `insert into page_views (viewed_at, day, visitor, path, device) values ('2025-01-15T10:00:00Z', '2025-01-15', 'v', '/', 'desktop')`,
    );
    const partitions = async () =>
      (
        await sql(
          `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
            where i.inhparent = 'page_views'::regclass order by 1`,
        )
      ).map((r) => String(r.name));
    const before = await partitions();
    // Not rolled up yet: nothing is dropped, whatever its age.
    expect(await dropOldPageViewPartitions(em, new Date(), 90)).toBe(0);
    await sql(
      `insert into page_view_rolled_days (day, through) values ('2025-02-28', '2025-03-01T00:00:00Z')`,
    );
    expect(await dropOldPageViewPartitions(em, new Date(), 90)).toBe(2);
    expect(await partitions()).toEqual(
      before.filter((name) => name !== 'page_views_2025_01' && name !== 'page_views_2025_02'),
    );
    expect(await sql(`select count(*)::int as n from page_views`)).toEqual([{ n: 0 }]);
  });
});

describe("a website lead's first touch", () => {
  const form = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Call me' };
  const submit = (body: object) =>
    t.anonymous().fetch('/api/contacts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': FIREFOX },
      body: JSON.stringify(body),
    });

  it('is its visitor’s first page view of the day, kept by the server, unless the form sends its own', async () => {
    await collect({
      url: `${t.url}/?utm_source=x&utm_campaign=y&ref=mail`,
      referrer: 'https://news.example.org/a',
    });
    await collect({ url: `${t.url}/pricing?utm_source=later` });
    await t.deps.pageViews.flush();
    expect((await submit(form)).status).toBe(200);
    expect((await submit({ ...form, email: 'b@example.com', utmSource: 'partner' })).status).toBe(
      200,
    );
    const leads = await admin.trpc.admin.contacts.list.query();
    const byEmail = Object.fromEntries(leads.map((c) => [c.email, c]));
    expect(byEmail['ada@example.com']).toMatchObject({
      landingPage: '/?utm_source=x&utm_campaign=y',
      referrer: 'news.example.org',
      utmSource: 'x',
      utmCampaign: 'y',
      utmMedium: null,
    });
    // Attribution sent with the form wins, whole.
    expect(byEmail['b@example.com']).toMatchObject({
      utmSource: 'partner',
      utmCampaign: null,
      landingPage: null,
    });
  });

  it('is empty for a visitor who sent no page view', async () => {
    expect((await submit(form)).status).toBe(200);
    const [lead] = await admin.trpc.admin.contacts.list.query();
    expect(lead).toMatchObject({ landingPage: null, utmSource: null, referrer: null });
  });
});
