import { rowsOfContacts } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: the service inquiries of their contacts. */
export const inquiryExport: ExportSection = {
  name: 'serviceInquiries',
  table: 'service_inquiries',
  rows: (em, { contactIds }) => rowsOfContacts(em, 'service_inquiries', contactIds),
};
