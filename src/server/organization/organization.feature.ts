import type { Feature } from '../feature';
import { OrganizationSettings } from './organization-settings.entity';

/** Company-wide settings (its time zone); what depends on them subscribes to their changes. */
export const organizationFeature: Feature = {
  name: 'organization',
  entities: [OrganizationSettings],
};
