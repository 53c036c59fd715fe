import { ofContacts, tableSection } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';

/** A person's export: the service inquiries of their contacts. */
export const inquiryExport: ExportSection = tableSection(
  'serviceInquiries',
  'service_inquiries',
  ofContacts,
);
