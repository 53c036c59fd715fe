import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One blocked request. `scope` separates contact-form blocks (the tiles) from sign-in throttling. */
export const SecurityEvent = defineEntity({
  name: 'SecurityEvent',
  tableName: 'security_events',
  properties: {
    id: p.integer().primary().autoincrement(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .index(),
    type: p.string().length(40),
    scope: p.string().length(20).default('contact_form'),
    severity: p.string().length(10),
    ip: p.string().length(64),
    userAgent: p.string().length(500),
    details: p.string().length(500),
  },
  // The log pages newest-first (id desc) with optional type / severity filters.
  indexes: [{ properties: ['type', 'id'] }, { properties: ['severity', 'id'] }],
});
export type ISecurityEvent = InferEntity<typeof SecurityEvent>;
