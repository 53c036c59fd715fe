import { z } from 'zod';
import { ZLeadRouting } from '../../shared/contacts-bulk.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { getLeadRouting, setLeadRouting } from './lead-routing.sql';

const tags = ['lead routing'];

export const adminLeadRoutingRouter = router({
  get: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/lead-routing',
        tags,
        summary: 'Users who take new leads in turn (round-robin); empty when it is off',
      },
    })
    .input(z.void())
    .output(ZLeadRouting)
    .query(({ ctx }) => getLeadRouting(ctx.em)),

  update: adminProcedure
    .meta({
      audit: 'update',
      openapi: {
        method: 'PUT',
        path: '/lead-routing',
        tags,
        summary:
          'Choose the users who take new website and API leads in turn (active users only); an empty list turns round-robin off',
      },
    })
    .input(ZLeadRouting)
    .output(ZLeadRouting)
    .mutation(({ ctx, input }) => setLeadRouting(ctx.em, input)),
});
