import { ofContacts, tableSection } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: their bookings, less the manage link's token (it would let anyone in). */
export const bookingExport: ExportSection = tableSection('bookings', 'bookings', ofContacts, {
  hidden: ['manage_token'],
});
