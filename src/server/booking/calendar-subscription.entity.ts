import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/**
 * A host's secret subscription address for their booked calls (`/api/calendar/{token}.ics`),
 * made on first request; regenerating replaces the token, so the old address stops working.
 */
export const CalendarSubscription = defineEntity({
  name: 'CalendarSubscription',
  tableName: 'calendar_subscriptions',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    token: p.string().length(64).unique().hidden(),
  },
});
