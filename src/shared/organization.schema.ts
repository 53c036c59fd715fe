import { z } from 'zod';
import { ZTimeZone } from './time-zone';

/** GET|PUT /settings/organization: the company's settings. */
export const ZOrganizationSettings = z.strictObject({
  /** Where the analytics' days and speed-to-lead's business hours (09:00–17:00) are counted. */
  timeZone: ZTimeZone,
});
export type TOrganizationSettings = z.output<typeof ZOrganizationSettings>;

/** GET|PUT /account/time-zone: the zone the back office shows my times in. */
export const ZMyTimeZone = z.strictObject({ timeZone: ZTimeZone });
export type TMyTimeZone = z.output<typeof ZMyTimeZone>;
