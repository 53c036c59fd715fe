// A user's own time zone: the back office shows their times in it. The browser's zone is taken at
// their first sign-in (the screen sends it when none is set); they may change it on Account.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_TIME_ZONE } from '../../shared/time-zone';
import type { TMyTimeZone } from '../../shared/organization.schema';
import { AppError } from '../errors';
import { User } from './user.entity';

export async function getMyTimeZone(em: EntityManager, userId: number): Promise<TMyTimeZone> {
  const user = await em.findOne(User, userId, { fields: ['timeZone'] });
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return { timeZone: user.timeZone ?? DEFAULT_TIME_ZONE };
}

export async function setMyTimeZone(
  em: EntityManager,
  userId: number,
  { timeZone }: TMyTimeZone,
): Promise<TMyTimeZone> {
  const user = await em.findOne(User, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  user.timeZone = timeZone;
  await em.flush();
  return { timeZone };
}
