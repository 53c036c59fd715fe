import type { EntityManager } from '@mikro-orm/postgresql';
import { cachedRead } from '../db/shared-cache';
import { WebhookEndpoint } from './webhook-endpoint.entity';

/** The shared-cache key of the enabled endpoints; every change to an endpoint invalidates it. */
export const SUBSCRIBED_ENDPOINTS_KEY = 'webhook_endpoints';

/**
 * The enabled endpoints and their events: every lead asks, so the answer comes from the shared
 * cache, which an endpoint's creation, change or deletion empties on every instance.
 */
export function subscribedEndpoints(
  em: EntityManager,
): Promise<readonly { id: number; events: readonly string[] }[]> {
  return cachedRead(em, SUBSCRIBED_ENDPOINTS_KEY, async () =>
    Object.freeze(
      (await em.find(WebhookEndpoint, { enabled: true }, { fields: ['id', 'events'] })).map((e) =>
        Object.freeze({ id: e.id, events: Object.freeze([...e.events]) }),
      ),
    ),
  );
}
