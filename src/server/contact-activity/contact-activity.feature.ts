import type { Feature } from '../feature';
import { ContactActivity } from './contact-activity.entity';

export const contactActivityFeature: Feature = {
  name: 'contactActivity',
  entities: [ContactActivity],
};
