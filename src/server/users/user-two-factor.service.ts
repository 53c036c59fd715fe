// The two-factor columns of a user, written only here: auth (two-factor.service.ts) decides
// when, users owns the row. Each write runs on the entity manager it is given, so in the
// caller's transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../errors';
import { User, type IUser } from './user.entity';

/** The user with their two-factor secrets and password hash loaded. */
export async function loadTwoFactorUser(em: EntityManager, userId: number): Promise<IUser> {
  const user = await em.findOne(User, userId, {
    populate: ['twoFactorSecret', 'twoFactorPendingSecret', 'twoFactorLastStep', 'password'],
  });
  if (!user) throw notFound('User', userId);
  return user;
}

/**
 * The columns of a user's second factor: the key, the one awaiting confirmation, when it was
 * turned on and the last code used.
 */
type TwoFactorColumns = Pick<
  IUser,
  'twoFactorSecret' | 'twoFactorPendingSecret' | 'twoFactorEnabledAt' | 'twoFactorLastStep'
>;

const NO_TWO_FACTOR: TwoFactorColumns = {
  twoFactorSecret: null,
  twoFactorPendingSecret: null,
  twoFactorEnabledAt: null,
  twoFactorLastStep: null,
};

async function writeTwoFactor(em: EntityManager, user: IUser, columns: Partial<TwoFactorColumns>) {
  Object.assign(user, columns);
  await em.flush();
}

/** Keeps a new key pending until a code from it confirms it. */
export const savePendingTwoFactorSecret = (em: EntityManager, user: IUser, secret: string) =>
  writeTwoFactor(em, user, { twoFactorPendingSecret: secret });

/** The pending key becomes the key; `step` is the time step of the code that confirmed it. */
export const turnOnTwoFactor = (em: EntityManager, user: IUser, secret: string, step: number) =>
  writeTwoFactor(em, user, {
    ...NO_TWO_FACTOR,
    twoFactorSecret: secret,
    twoFactorEnabledAt: new Date(),
    twoFactorLastStep: step,
  });

/**
 * Records `step` as the last code used, unless that one or a later one already was: a
 * conditional update, so two simultaneous uses of one code count once. True when this one won.
 */
export async function claimTwoFactorStep(
  em: EntityManager,
  userId: number,
  step: number,
): Promise<boolean> {
  const won = await em.nativeUpdate(
    User,
    { id: userId, $or: [{ twoFactorLastStep: null }, { twoFactorLastStep: { $lt: step } }] },
    { twoFactorLastStep: step },
  );
  return won > 0;
}

/** Forgets the key; false when there is no such user. */
export async function clearTwoFactorColumns(em: EntityManager, userId: number): Promise<boolean> {
  const cleared = await em.nativeUpdate(User, { id: userId }, NO_TWO_FACTOR);
  return cleared > 0;
}

/** Whether the user signs in with a second factor. */
export async function twoFactorEnabled(em: EntityManager, userId: number): Promise<boolean> {
  const user = await em.findOne(User, userId, { fields: ['id', 'twoFactorEnabledAt'] });
  return Boolean(user?.twoFactorEnabledAt);
}
