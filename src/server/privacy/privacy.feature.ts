import type { Feature } from '../feature';
import { PrivacyNotice } from './privacy-notice.entity';

/** Personal data under control: the privacy notice's versions (consent names one). */
export const privacyFeature: Feature = {
  name: 'privacy',
  entities: [PrivacyNotice],
};
