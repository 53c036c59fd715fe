// The physical baseline of acknowledging a lead (bench/submit-throughput.ts): node:http + pg
// writing what the app writes for a lead in one transaction (bench/bare-lead-store.ts). It
// sends nothing: it is the floor of storing a lead, not of delivering it. With ENDPOINT_ID it
// writes the queued messages, the delivery and the jobs too; without, what the app without SMTP
// or webhook endpoints writes.
//   DATABASE_URL=... PORT=... [ENDPOINT_ID=...] node --import tsx bench/bare-submit-server.ts
import pg from 'pg';
import { serveLeads, storeLead } from './bare-lead-store';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const ENDPOINT_ID = process.env.ENDPOINT_ID ? Number(process.env.ENDPOINT_ID) : undefined;

serveLeads(async (key, lead) => {
  const stored = await storeLead(pool, key, lead, ENDPOINT_ID);
  return stored === 401 ? 401 : 201;
});
