import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import {
  SECURITY_EVENT_SCOPES,
  SECURITY_EVENT_TYPES,
  SEVERITIES,
} from '../../shared/security.schema';

/**
 * Refused requests of one kind from one client network within one minute: `count` of them,
 * first seen at `createdAt`, last at `lastSeenAt` (details, IP and user agent of the latest).
 * `scope` separates contact-form blocks (the tiles) from sign-in throttling.
 */
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
    lastSeenAt: p.datetime().defaultRaw('now()'),
    minute: p.datetime(),
    clientKey: p.string().length(64),
    count: p.integer().default(1),
    type: p.enum(SECURITY_EVENT_TYPES),
    scope: p.enum(SECURITY_EVENT_SCOPES).default('contact_form'),
    severity: p.enum(SEVERITIES),
    ip: p.string().length(64),
    userAgent: p.string().length(500),
    details: p.string().length(500),
  },
  // The log pages newest-first (id desc) with optional type / severity filters.
  indexes: [{ properties: ['type', 'id'] }, { properties: ['severity', 'id'] }],
  uniques: [
    { name: 'security_events_repeat_unique', properties: ['minute', 'clientKey', 'scope', 'type'] },
  ],
});
export type ISecurityEvent = InferEntity<typeof SecurityEvent>;
