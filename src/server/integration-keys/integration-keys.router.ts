import { z } from 'zod';
import {
  ZIntegrationKey,
  ZIntegrationKeyCreate,
  ZIntegrationKeyCreated,
} from '../../shared/integration-keys.schema';
import { ZIdInput, ZOk } from '../../shared/text.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { restRoutes } from '../trpc/rest-meta';
import {
  createIntegrationKey,
  deleteIntegrationKey,
  listIntegrationKeys,
} from './integration-keys.service';

const rest = restRoutes(['integration-keys'], 'integration_key');

export const adminIntegrationKeysRouter = router({
  list: adminProcedure
    .meta(
      rest(
        'GET',
        '/integration-keys',
        'Integration keys, newest first (never the keys themselves, only their prefix)',
      ),
    )
    .input(z.void())
    .output(z.array(ZIntegrationKey))
    .query(({ ctx }) => listIntegrationKeys(ctx.em)),

  create: adminProcedure
    .meta(
      rest(
        'POST',
        '/integration-keys',
        'Create an integration key; the answer is the only time the key is shown',
        {
          audit: 'create',
          description:
            'Send it as `Authorization: Bearer <key>` with POST /contacts to submit leads from a server: ' +
            'no form token, browser headers or fill time; the content filter and the per-key hourly limit apply.',
        },
      ),
    )
    .input(ZIntegrationKeyCreate)
    .output(ZIntegrationKeyCreated)
    .mutation(({ ctx, input }) => createIntegrationKey(ctx.em, input.name)),

  delete: adminProcedure
    .meta(
      rest(
        'DELETE',
        '/integration-keys/{id}',
        'Revoke an integration key (requests with it get 401 at once)',
        { audit: 'delete' },
      ),
    )
    .input(ZIdInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deleteIntegrationKey(ctx.em, input.id);
      return { success: true, message: 'Integration key revoked' };
    }),
});
