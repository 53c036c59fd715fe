import type { Feature } from '../feature';
import { seedDemoInquiries } from './service-inquiries.demo';
import { ServiceInquiry } from './service-inquiry.entity';

export const serviceInquiriesFeature: Feature = {
  name: 'serviceInquiries',
  entities: [ServiceInquiry],
  seedDemo: seedDemoInquiries,
};
