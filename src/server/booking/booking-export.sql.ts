import { rowsOfContacts } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: their bookings, less the manage link's token (it would let anyone in). */
export const bookingExport: ExportSection = {
  name: 'bookings',
  table: 'bookings',
  rows: (em, { contactIds }) => rowsOfContacts(em, 'bookings', contactIds, ['manage_token']),
};
