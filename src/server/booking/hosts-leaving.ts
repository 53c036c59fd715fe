// A host who still has calls ahead cannot be deleted: the calls would go with them (the bookings
// reference their host), silently, while the leads still expect the call and hold its invitation.
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors';
import { Booking } from './booking.entity';
import { bookingNow } from './clock';

/** 409 naming the user's upcoming confirmed calls, if they host any. */
export async function refuseWhileHosting(em: EntityManager, userId: number): Promise<void> {
  const upcoming = await em.find(
    Booking,
    { host: userId, status: 'confirmed', endsAt: { $gt: bookingNow() } },
    { orderBy: { startsAt: 'asc' }, fields: ['id', 'startsAt'] },
  );
  if (!upcoming.length) return;
  const first = upcoming[0]!.startsAt.toISOString().slice(0, 16).replace('T', ' ');
  throw new AppError(
    'CONFLICT',
    `This user hosts ${upcoming.length} upcoming ${upcoming.length === 1 ? 'call' : 'calls'} ` +
      `(the first on ${first} UTC): move or cancel ${upcoming.length === 1 ? 'it' : 'them'} under Meetings first`,
    undefined,
    { bookingIds: upcoming.map((b) => b.id).join(',') },
  );
}
