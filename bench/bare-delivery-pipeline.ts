// The physical baseline of delivering a lead (bench/submit-throughput.ts): node:http + pg +
// nodemailer, no framework, ORM or queue. Stores the lead as bench/bare-submit-server.ts does
// (the same rows, queued), answers, then sends the alert and the auto-reply over a pooled SMTP
// transport and the signed webhook over a keep-alive agent, and records all three as done in one
// statement. The pools are the app's sizes (5 SMTP connections, 4 requests at one endpoint).
// It is the floor of delivering, not durable: a crash loses what was in flight.
//   DATABASE_URL=... PORT=... ENDPOINT_ID=... SMTP_URL=... node --import tsx bench/bare-delivery-pipeline.ts
import http from 'node:http';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { signWebhook } from '../src/server/webhooks/webhook-signature';
import { bareAlert, serveLeads, storeLead, type Lead, type StoredLead } from './bare-lead-store';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const ENDPOINT_ID = Number(process.env.ENDPOINT_ID);
const smtp = new URL(process.env.SMTP_URL!);
const mail = nodemailer.createTransport({
  host: smtp.hostname,
  port: Number(smtp.port),
  secure: false,
  pool: true,
  maxConnections: 5,
  maxMessages: 500,
});
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const {
  rows: [endpoint],
} = await pool.query<{ url: string; secret: string }>(
  'select url, secret from webhook_endpoints where id = $1',
  [ENDPOINT_ID],
);

function postWebhook(id: string, body: string) {
  const timestamp = Math.floor(Date.now() / 1000);
  return new Promise<void>((done, fail) => {
    const req = http.request(endpoint!.url, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(endpoint!.secret, id, timestamp, body),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        (res.statusCode ?? 0) < 300 ? done() : fail(new Error(`HTTP ${res.statusCode}`)),
      );
    });
    req.on('error', fail);
    req.end(body);
  });
}

async function deliver(lead: Lead, stored: StoredLead) {
  const alert = bareAlert(lead);
  const from = 'Convoza <hello@bench.example>';
  await Promise.all([
    mail.sendMail({ from, to: 'sales@bench.example', ...alert }),
    mail.sendMail({ from, to: lead.email, ...alert, subject: 'Thanks for reaching out' }),
    postWebhook(`msg_${stored.deliveryId}`, stored.payload),
  ]);
  await pool.query(
    `with sent as (update notification_messages set status = 'sent', sent_at = now(), attempts = 1
                    where id = any($1))
     update webhook_deliveries set status = 'succeeded', attempts = 1 where id = $2`,
    [stored.messageIds, stored.deliveryId],
  );
}

serveLeads(async (key, lead) => {
  const stored = await storeLead(pool, key, lead, ENDPOINT_ID);
  if (stored === 401) return 401;
  deliver(lead, stored).catch((error: unknown) => console.error('bare delivery failed', error));
  return 201;
});
