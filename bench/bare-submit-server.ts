// The physical baseline of bench/submit-throughput.ts: node:http + pg, no framework and no ORM.
// POST /api/contacts with a bearer key looks the key up and writes what the app writes for a
// lead, in one transaction: the contact (its counter triggers fire), an alert and an auto-reply
// in the outbox, a webhook delivery, their three queue jobs and the clean-submission count.
// It sends nothing: it is the floor of storing a lead, not of delivering it.
//   DATABASE_URL=... PORT=... node --import tsx bench/bare-submit-server.ts
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const ENDPOINT_ID = Number(process.env.ENDPOINT_ID);

async function storeLead(key: string, lead: { name: string; email: string; message?: string }) {
  const client = await pool.connect();
  try {
    const hash = createHash('sha256').update(key).digest('hex');
    const found = await client.query('select id from integration_keys where key_hash = $1', [hash]);
    if (!found.rowCount) return 401;
    await client.query('begin');
    const {
      rows: [contact],
    } = await client.query<{ id: number }>(
      `insert into contacts (name, email, message, source, status) values ($1, $2, $3, 'api', 'new') returning id`,
      [lead.name, lead.email, lead.message ?? null],
    );
    const { rows: messages } = await client.query<{ id: number }>(
      `insert into notification_messages (kind, "to", subject, text, html, status, contact_id)
       values ('alert', 'sales@bench.example', $1, $2, $3, 'queued', $5),
              ('auto_reply', $4, 'Thanks for reaching out', $2, $3, 'queued', $5) returning id`,
      [
        `New lead: ${lead.name}`,
        `${lead.name} <${lead.email}>`,
        `<p>${lead.name}</p>`,
        lead.email,
        contact!.id,
      ],
    );
    const payload = JSON.stringify({
      event: 'contact.created',
      data: { contact: { ...lead, id: contact!.id } },
    });
    const {
      rows: [delivery],
    } = await client.query<{ id: number }>(
      `insert into webhook_deliveries (endpoint_id, message_id, event, payload, contact_id)
       values ($1, gen_random_uuid()::text, 'contact.created', $2, $3) returning id`,
      [ENDPOINT_ID, payload, contact!.id],
    );
    await client.query(
      `insert into pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, group_id)
       values ('email', $1, 4, 5, true, null), ('email', $2, 4, 5, true, null),
              ('webhook', $3, 6, 30, true, $4)`,
      [
        { notificationId: messages[0]!.id },
        { notificationId: messages[1]!.id },
        { deliveryId: delivery!.id },
        String(ENDPOINT_ID),
      ],
    );
    await client.query(
      `insert into security_clean_submissions (hour, shard, count)
       values (date_trunc('hour', now()), pg_backend_pid(), 1)
       on conflict (hour, shard) do update set count = security_clean_submissions.count + 1`,
    );
    await client.query('commit');
    return 201;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    storeLead(key, JSON.parse(body) as { name: string; email: string }).then(
      (status) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: status === 201 }));
      },
      (error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      },
    );
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
