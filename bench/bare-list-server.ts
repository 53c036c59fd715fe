/**
 * The physical baseline of bench/admin-throughput.ts: the admin list's work in bare `pg` and
 * `node:http`, nothing else. Per request: the session lookup (session joined with its user), then
 * the first page (51 rows, newest first) and the maintained per-status counts in parallel, rows
 * shaped as the API's contacts and sent as JSON.
 *
 *   DATABASE_URL=... PORT=... node --import tsx bench/bare-list-server.ts
 */
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const PAGE = `select id, name, email, company, phone, message, source, status, created_at, updated_at,
  utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer, landing_page,
  first_responded_at, owner_id from contacts order by id desc limit 51`;
const SESSION = `select s.id, s.expires_at, s.idle_expires_at, u.id as user_id, u.username, u.role,
  u.is_active from sessions s join users u on u.id = s.user_id where s.id = $1`;
const COUNTS = 'select status, sum(delta) as count from contact_count_deltas group by status';

type Row = Record<string, unknown>;
const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : null);

function contact(r: Row) {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    company: r.company,
    phone: r.phone,
    message: r.message,
    source: r.source,
    status: r.status,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    utmSource: r.utm_source,
    utmMedium: r.utm_medium,
    utmCampaign: r.utm_campaign,
    utmTerm: r.utm_term,
    utmContent: r.utm_content,
    referrer: r.referrer,
    landingPage: r.landing_page,
    firstRespondedAt: iso(r.first_responded_at),
    ownerId: r.owner_id,
  };
}

const server = createServer((req, res) => {
  const sid = /sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
  void (async () => {
    const session = (await pool.query(SESSION, [sid])).rows[0] as Row | undefined;
    if (!session || session.role !== 'admin') {
      res.writeHead(401).end();
      return;
    }
    const [page, counts] = await Promise.all([pool.query(PAGE), pool.query(COUNTS)]);
    const byStatus: Record<string, number> = { all: 0 };
    for (const r of counts.rows as { status: string; count: string }[]) {
      byStatus[r.status] = Number(r.count);
      byStatus.all! += Number(r.count);
    }
    const rows = page.rows as Row[];
    const items = rows.slice(0, 50).map(contact);
    const body = JSON.stringify({
      items,
      nextCursor: rows.length > 50 ? (items[49]?.id ?? null) : null,
      total: byStatus.all,
      counts: byStatus,
      countsExact: true,
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  })().catch((error: unknown) => {
    res.writeHead(500).end(String(error));
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
