import { z } from 'zod';
import { ZLeadRouting } from '../../shared/contacts-bulk.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { restRoutes } from '../trpc/rest-meta';
import { getLeadRouting, setLeadRouting } from './lead-routing.sql';

const rest = restRoutes(['lead routing'], 'lead_routing');

export const adminLeadRoutingRouter = router({
  get: adminProcedure
    .meta(
      rest(
        'GET',
        '/lead-routing',
        'Users who take new leads in turn (round-robin); empty when it is off',
      ),
    )
    .input(z.void())
    .output(ZLeadRouting)
    .query(({ ctx }) => getLeadRouting(ctx.em)),

  update: adminProcedure
    .meta(
      rest(
        'PUT',
        '/lead-routing',
        'Choose the users who take new website and API leads in turn (active users only); an empty list turns round-robin off',
        { audit: 'update' },
      ),
    )
    .input(ZLeadRouting)
    .output(ZLeadRouting)
    .mutation(({ ctx, input }) => setLeadRouting(ctx.em, input)),
});
