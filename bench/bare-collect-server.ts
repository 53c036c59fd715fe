// The physical baseline of counting a page view (bench/collect-throughput.ts): node:http + pg,
// reading the same beacon, hashing the same visitor key and inserting the same row, one insert
// per request, with none of the app's checks (bots, limits, unstorable text) and no framework.
//   DATABASE_URL=... PORT=... node --import tsx bench/bare-collect-server.ts
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const salt = randomBytes(32);

const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    void (async () => {
      const beacon = JSON.parse(body) as { url: string; referrer?: string; width?: number };
      const page = new URL(beacon.url);
      const ip = String(req.headers['x-forwarded-for'] ?? req.socket.remoteAddress);
      const visitor = createHash('sha256')
        .update(salt)
        .update('\0')
        .update(ip)
        .update('\0')
        .update(req.headers['user-agent'] ?? '')
        .digest('base64url')
        .slice(0, 22);
      const width = beacon.width ?? 1280;
      await pool.query(
        `insert into page_views (viewed_at, day, visitor, path, referrer_host, utm_source, utm_campaign, device)
         values (now(), (now() at time zone 'utc')::date, $1, $2, $3, $4, $5, $6)`,
        [
          visitor,
          page.pathname,
          beacon.referrer ? new URL(beacon.referrer).host : null,
          page.searchParams.get('utm_source'),
          page.searchParams.get('utm_campaign'),
          width < 768 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop',
        ],
      );
      res.statusCode = 202;
      res.end();
    })().catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
