import type { EntityManager } from '@mikro-orm/postgresql';
import { firstAdmin } from '../users/user-lookup.service';
import { UserAvailability } from './user-availability.entity';

/** The first admin takes calls on weekdays, 09:00-17:00 New York time: a fresh install books. */
export async function seedDemoAvailability(em: EntityManager): Promise<void> {
  const admin = await firstAdmin(em);
  // Seeding runs on every start with SEED_DEMO=1: hours already set (by the demo or by hand) stay.
  if (!admin || (await em.count(UserAvailability, { user: admin }))) return;
  em.create(UserAvailability, {
    user: admin,
    timeZone: 'America/New_York',
    weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
    overrides: [],
    updatedAt: new Date(),
  });
  await em.flush();
}
