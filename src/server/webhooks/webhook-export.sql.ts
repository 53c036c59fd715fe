import { ofContacts, tableSection } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: the webhook deliveries about their contacts, payloads included. */
export const webhookExport: ExportSection = tableSection(
  'webhookDeliveries',
  'webhook_deliveries',
  ofContacts,
);
