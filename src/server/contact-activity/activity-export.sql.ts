import { rowsOfContacts } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: their contacts' timeline (notes, status changes, calls). */
export const activityExport: ExportSection = {
  name: 'activities',
  table: 'contact_activities',
  rows: (em, { contactIds }) => rowsOfContacts(em, 'contact_activities', contactIds),
};
