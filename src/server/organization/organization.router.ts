import { z } from 'zod';
import { ZOrganizationSettings } from '../../shared/organization.schema';
import { restRoutes } from '../trpc/rest-meta';
import { adminProcedure, router } from '../trpc/trpc';
import {
  getOrganizationSettings,
  updateOrganizationSettings,
} from './organization-settings.service';

const rest = restRoutes(['settings'], 'organization_settings');

export const adminOrganizationRouter = router({
  settings: adminProcedure
    .meta(rest('GET', '/settings/organization', "The company's settings: its time zone"))
    .input(z.void())
    .output(ZOrganizationSettings)
    .query(({ ctx }) => getOrganizationSettings(ctx.em)),

  updateSettings: adminProcedure
    .meta(
      rest('PUT', '/settings/organization', "Change the company's settings", {
        audit: 'update_settings',
        description:
          "timeZone (an IANA name, UTC by default) is where the analytics count their days and speed-to-lead its business hours (Monday to Friday, 09:00–17:00). Changing it recounts the leads' daily roll-up.",
      }),
    )
    .input(ZOrganizationSettings)
    .output(ZOrganizationSettings)
    .mutation(({ ctx, input }) => updateOrganizationSettings(ctx.em, ctx.deps.events, input)),
});
