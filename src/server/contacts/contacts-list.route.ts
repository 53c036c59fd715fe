import { adminRoute, streamFailed } from '../http/admin-route';
import type { StreamedRoute } from '../http/streamed-route';
import { streamContactsJson } from './contacts-list.stream';

/**
 * GET /api/contacts, the REST side of `admin.contacts.list`: the same rows as the procedure, but
 * streamed, so a 50,000-contact table costs one batch of memory instead of the whole answer.
 */
export const contactsListRoute: StreamedRoute = {
  method: 'get',
  path: '/contacts',
  // The procedure documents it (same path, same answer).
  handler: (deps) =>
    adminRoute(deps, async (em, _req, res) => {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      await streamContactsJson(em, res).catch((error) =>
        streamFailed(deps, res, 'Listing contacts', error),
      );
    }),
};
