import { ofContacts, tableSection } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: their contacts' timeline (notes, status changes, calls). */
export const activityExport: ExportSection = tableSection(
  'activities',
  'contact_activities',
  ofContacts,
);
