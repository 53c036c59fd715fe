import { defineEntity, p } from '@mikro-orm/core';

/**
 * Fixed-window hit counters in PostgreSQL, so every app instance behind a load balancer enforces
 * one limit. Written only with `insert ... on conflict do update ... returning` (atomic).
 */
export const RateLimitWindow = defineEntity({
  name: 'RateLimitWindow',
  tableName: 'security_rate_limits',
  properties: {
    bucket: p.string().length(30).primary(),
    key: p.string().length(200).primary(),
    windowStart: p.datetime().primary().index(),
    count: p.integer().default(0),
  },
});
