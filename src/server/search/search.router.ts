import { ZSearchQuery, ZSearchResults } from '../../shared/search.schema';
import { restRoutes } from '../trpc/rest-meta';
import { adminProcedure, router } from '../trpc/trpc';
import { searchEverything } from './search.service';

const rest = restRoutes(['search']);

export const adminSearchRouter = router({
  everything: adminProcedure
    .meta(
      rest('GET', '/search', 'Find contacts, users, campaigns and service inquiries', {
        description:
          '`q`: 2-100 characters. At most 5 of each kind, each with `id`, `title` and `subtitle`. Contacts match ' +
          'as the contacts list searches (name, email or company; one or two characters match the start of a word).',
      }),
    )
    .input(ZSearchQuery)
    .output(ZSearchResults)
    .query(({ ctx, input }) => searchEverything(ctx.em, input.q)),
});
