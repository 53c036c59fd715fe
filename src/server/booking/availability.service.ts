import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAvailability } from '../../shared/booking.schema';
import type { Actor } from '../auth/session';
import { AppError, notFound } from '../errors';
import { userExists, userReference } from '../users/user-lookup.service';
import { UserAvailability } from './user-availability.entity';

/** A user edits their own hours (calendars, subscription); an admin edits anyone's. */
export async function requireEditable(
  em: EntityManager,
  actor: Actor,
  userId: number,
  what = 'availability',
) {
  if (actor.userId !== userId && actor.role !== 'admin')
    throw new AppError('FORBIDDEN', `Only an admin can see or change another user's ${what}`);
  if (!(await userExists(em, userId))) throw notFound('User', userId);
}

const NONE = (timeZone: string): TAvailability => ({ timeZone, weekly: [], overrides: [] });

/** The user's hours; a user who never saved any has none (no weekly hours, no overrides). */
export async function getAvailability(
  em: EntityManager,
  actor: Actor,
  userId: number,
): Promise<TAvailability> {
  await requireEditable(em, actor, userId);
  const row = await em.findOne(UserAvailability, { user: userId }, { refresh: true });
  if (!row) return NONE('UTC');
  return { timeZone: row.timeZone, weekly: row.weekly, overrides: row.overrides };
}

/** Replaces the user's hours (weekly rows sorted by day and time, overrides by date). */
export async function setAvailability(
  em: EntityManager,
  actor: Actor,
  userId: number,
  input: TAvailability,
): Promise<TAvailability> {
  await requireEditable(em, actor, userId);
  const weekly = [...input.weekly].sort(
    (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start),
  );
  const overrides = [...input.overrides]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((o) => ({
      ...o,
      intervals: [...o.intervals].sort((a, b) => a.start.localeCompare(b.start)),
    }));
  const row = await em.findOne(UserAvailability, { user: userId });
  const values = { timeZone: input.timeZone, weekly, overrides, updatedAt: new Date() };
  if (row) em.assign(row, values);
  else em.create(UserAvailability, { user: userReference(em, userId), ...values });
  await em.flush();
  return { timeZone: input.timeZone, weekly, overrides };
}
