import { defineEntity, p } from '@mikro-orm/core';
import { DEFAULT_TIME_ZONE } from '../../shared/time-zone';
import { updateTime } from '../db/timestamps';

/**
 * The one row (id 1) of company-wide settings. The database reads `time_zone` too: the triggers
 * of the contacts' daily roll-up count their days in it (Migration20261127130158).
 */
export const OrganizationSettings = defineEntity({
  name: 'OrganizationSettings',
  tableName: 'organization_settings',
  properties: {
    id: p.integer().primary().autoincrement(false),
    timeZone: p.text().default(DEFAULT_TIME_ZONE),
    updatedAt: updateTime(),
  },
  checks: [{ name: 'organization_settings_id_check', expression: 'id = 1' }],
});
