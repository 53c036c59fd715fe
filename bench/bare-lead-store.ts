// The bare baselines' lead write (bench/bare-submit-server.ts, bench/bare-delivery-pipeline.ts):
// node:http + pg, no framework and no ORM. Looks the key up and writes what the app writes for a
// lead, in one transaction: the contact (its counter triggers fire), an alert and an auto-reply
// in the outbox, the clean-submission count and, when the app would send them, a webhook
// delivery and the three queue jobs.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';

export interface Lead {
  name: string;
  email: string;
  message?: string;
}

/** What was stored for a lead: the bare pipeline sends these. */
export interface StoredLead {
  contactId: number;
  messageIds: number[];
  deliveryId?: number;
  payload: string;
}

export const bareAlert = (lead: Lead) => ({
  subject: `New lead: ${lead.name}`,
  text: `${lead.name} <${lead.email}>`,
  html: `<p>${lead.name}</p>`,
});

/**
 * `endpointId` set: messages queued with their jobs and a delivery, as the app with SMTP and a
 * webhook endpoint writes them; unset: messages kept not_configured, as the app without SMTP.
 */
export async function storeLead(
  pool: pg.Pool,
  key: string,
  lead: Lead,
  endpointId: number | undefined,
): Promise<StoredLead | 401> {
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
    const alert = bareAlert(lead);
    const { rows: messages } = await client.query<{ id: number }>(
      `insert into notification_messages (kind, "to", subject, text, html, status, contact_id)
       values ('alert', 'sales@bench.example', $1, $2, $3, $6, $5),
              ('auto_reply', $4, 'Thanks for reaching out', $2, $3, $6, $5) returning id`,
      [
        alert.subject,
        alert.text,
        alert.html,
        lead.email,
        contact!.id,
        endpointId === undefined ? 'not_configured' : 'queued',
      ],
    );
    const payload = JSON.stringify({
      event: 'contact.created',
      data: { contact: { ...lead, id: contact!.id } },
    });
    let deliveryId: number | undefined;
    if (endpointId !== undefined) {
      const {
        rows: [delivery],
      } = await client.query<{ id: number }>(
        `insert into webhook_deliveries (endpoint_id, message_id, event, payload, contact_id)
         values ($1, gen_random_uuid()::text, 'contact.created', $2, $3) returning id`,
        [endpointId, payload, contact!.id],
      );
      deliveryId = delivery!.id;
      await client.query(
        `insert into pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, group_id)
         values ('email', $1, 4, 5, true, null), ('email', $2, 4, 5, true, null),
                ('webhook', $3, 6, 30, true, $4)`,
        [
          { notificationId: messages[0]!.id },
          { notificationId: messages[1]!.id },
          { deliveryId },
          String(endpointId),
        ],
      );
    }
    await client.query(
      `insert into security_clean_submissions (hour, shard, count)
       values (date_trunc('hour', now()), pg_backend_pid(), 1)
       on conflict (hour, shard) do update set count = security_clean_submissions.count + 1`,
    );
    await client.query('commit');
    return { contactId: contact!.id, messageIds: messages.map((m) => m.id), deliveryId, payload };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** POST /api/contacts with a bearer key: `store` answers 201 (stored) or 401 (no such key). */
export function serveLeads(store: (key: string, lead: Lead) => Promise<number>) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      store(key, JSON.parse(body) as Lead).then(
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
}
