import { defineEntity, p } from '@mikro-orm/core';
import type { TAvailability } from '../../shared/booking.schema';
import { updateTime } from '../db/timestamps';
import { User } from '../users/user.entity';

/** A staff user's working hours for booked calls, in their own time zone. No row: no availability. */
export const UserAvailability = defineEntity({
  name: 'UserAvailability',
  tableName: 'user_availability',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    timeZone: p.string().length(64),
    weekly: p.json<TAvailability['weekly']>(),
    overrides: p.json<TAvailability['overrides']>(),
    updatedAt: updateTime(),
  },
});
