import { rowsOfContacts } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: the webhook deliveries about their contacts, payloads included. */
export const webhookExport: ExportSection = {
  name: 'webhookDeliveries',
  table: 'webhook_deliveries',
  rows: (em, { contactIds }) => rowsOfContacts(em, 'webhook_deliveries', contactIds),
};
