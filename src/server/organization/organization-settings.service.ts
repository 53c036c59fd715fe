// The company's settings: today its time zone, which days the analytics count in.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_TIME_ZONE } from '../../shared/time-zone';
import type { TOrganizationSettings } from '../../shared/organization.schema';
import { singletonSettings } from '../db/singleton-settings';
import type { EventBus } from '../events/event-bus';
import { OrganizationSettings } from './organization-settings.entity';

const table = singletonSettings({
  entity: OrganizationSettings,
  cacheKey: 'organization_settings',
  firstRow: () => ({ timeZone: DEFAULT_TIME_ZONE }),
  toSettings: (row): TOrganizationSettings => Object.freeze({ timeZone: row.timeZone }),
});

export const getOrganizationSettings = table.load;

/** The zone the company's days are counted in. */
export const companyTimeZone = async (em: EntityManager) =>
  (await getOrganizationSettings(em)).timeZone;

/**
 * Saves the settings in one transaction with what depends on them: a new zone is published, and
 * the features that count by day (the contacts' roll-up) recount in it before this commits.
 */
export async function updateOrganizationSettings(
  em: EntityManager,
  events: EventBus,
  input: TOrganizationSettings,
): Promise<TOrganizationSettings> {
  return em.transactional(async (tem) => {
    const before = await getOrganizationSettings(tem);
    await table.save(tem, input);
    if (before.timeZone !== input.timeZone)
      await events.publish(tem, 'organization.time_zone_changed', {
        from: before.timeZone,
        to: input.timeZone,
      });
    return getOrganizationSettings(tem);
  });
}
