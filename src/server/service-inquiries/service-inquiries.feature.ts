import type { Feature } from '../feature';
import { seedDemoInquiries } from './service-inquiries.demo';
import { ServiceInquiry } from './service-inquiry.entity';
import { inquiryExport } from './inquiry-export.sql';

export const serviceInquiriesFeature: Feature = {
  name: 'serviceInquiries',
  entities: [ServiceInquiry],
  privacy: { export: [inquiryExport] },
  seedDemo: seedDemoInquiries,
};
