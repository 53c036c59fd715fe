import type { TMe } from '../../shared/auth.schema';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSearchHit } from '../../shared/search.schema';
import { displayName } from '../../shared/users.schema';
import { likePattern } from '../db/sql-condition';
import { LockMode, raw, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { TUser, TUserCreate, TUserUpdate } from '../../shared/users.schema';
import type { Actor } from '../auth/session';
import { endUserSessions, hashPassword } from '../auth/credentials.service';
import { AppError, notFound } from '../errors';
import type { EventBus } from '../events/event-bus';
import { User, type IUser } from './user.entity';

export function toUserView(u: IUser): TUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    role: u.role,
    isActive: u.isActive,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

/** A signed-in user as the session and `GET /auth/me` carry them. */
export function toMe({ id, username, role, firstName, lastName, timeZone }: IUser): TMe {
  return {
    id,
    username,
    role,
    firstName: firstName ?? null,
    lastName: lastName ?? null,
    timeZone: timeZone ?? null,
  };
}

export async function listUsers(em: EntityManager): Promise<TUser[]> {
  const users = await em.find(User, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return users.map(toUserView);
}

/** The user whose username matches regardless of case (sign-in and uniqueness use this). */
export function findUserByUsername(em: EntityManager, username: string) {
  return em.findOne(
    User,
    { [raw('lower(username)')]: username.toLowerCase() },
    { populate: ['password'] },
  );
}

/**
 * Names the field that collides, so the admin sees "Username ... is already taken". Usernames
 * collide regardless of case (`Admin` vs `admin`); emails are stored lower-cased.
 */
async function assertUnique(em: EntityManager, username: string, email: string, exceptId?: number) {
  const clash = await em.findOne(User, {
    $or: [{ [raw('lower(username)')]: username.toLowerCase() }, { email }],
    ...(exceptId ? { id: { $ne: exceptId } } : {}),
  });
  if (!clash) return;
  if (clash.username.toLowerCase() === username.toLowerCase())
    throw new AppError('CONFLICT', `Username '${username}' is already taken`, 'username').as(
      'ALREADY_EXISTS',
    );
  throw new AppError('CONFLICT', `Email '${email}' is already in use`, 'email').as(
    'ALREADY_EXISTS',
  );
}

function uniqueViolation(error: unknown): never {
  if (error instanceof UniqueConstraintViolationException) {
    const field = /email/i.test(error.message) ? 'email' : 'username';
    throw new AppError('CONFLICT', `That ${field} is already in use`, field).as('ALREADY_EXISTS');
  }
  throw error;
}

export async function createUser(em: EntityManager, input: TUserCreate): Promise<TUser> {
  await assertUnique(em, input.username, input.email);
  const user = em.create(User, {
    username: input.username,
    email: input.email,
    password: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    isActive: true,
  });
  await em.flush().catch(uniqueViolation);
  return toUserView(user);
}

/**
 * Counts active admins while locking their rows, so two concurrent demotions or deletions
 * cannot both see "another admin is left" and remove the last one.
 */
async function lockedAdminCount(em: EntityManager): Promise<number> {
  const admins = await em.find(
    User,
    { role: 'admin', isActive: true },
    { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id'] },
  );
  return admins.length;
}

export async function updateUser(
  em: EntityManager,
  input: TUserUpdate,
  actor: Actor,
): Promise<TUser> {
  return em.transactional(async (tem) => {
    const user = await tem.findOne(
      User,
      { id: input.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!user) throw notFound('User', input.id);
    await assertUnique(tem, input.username, input.email, user.id);
    const role = input.role ?? user.role;
    const demoting = user.role === 'admin' && role !== 'admin';
    if (demoting && (await lockedAdminCount(tem)) <= 1) {
      throw new AppError('CONFLICT', 'The last administrator cannot be demoted', 'role').as(
        'LAST_ADMIN',
      );
    }
    const roleChanged = user.role !== role;
    user.username = input.username;
    user.email = input.email;
    user.firstName = input.firstName;
    user.lastName = input.lastName;
    user.role = role;
    if (input.newPassword) {
      user.password = await hashPassword(input.newPassword);
      user.passwordChangedAt = new Date();
    }
    await tem.flush().catch(uniqueViolation);
    // A new password or role ends the user's other sessions (the actor keeps their own).
    if (input.newPassword || roleChanged) await endUserSessions(tem, user.id, actor.sessionId);
    return toUserView(user);
  });
}

export async function deleteUser(
  em: EntityManager,
  id: number,
  actor: Actor,
  events: EventBus,
): Promise<void> {
  if (id === actor.userId) throw new AppError('CONFLICT', 'You cannot delete your own account');
  await em.transactional(async (tem) => {
    const user = await tem.findOne(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!user) throw notFound('User', id);
    if (user.role === 'admin' && (await lockedAdminCount(tem)) <= 1) {
      throw new AppError('CONFLICT', 'The last administrator cannot be deleted').as('LAST_ADMIN');
    }
    await events.publish(tem, 'user.deleting', { userId: id });
    // Sessions go with the user (ON DELETE CASCADE).
    await tem.nativeDelete(User, { id });
  });
}

/** Up to `limit` users whose name, username or email contains `term`, as hits. */
export async function searchUsersBrief(
  em: EntityManager,
  term: string,
  limit: number,
): Promise<TSearchHit[]> {
  const like = { $ilike: likePattern(term) };
  const users = await em.find(
    User,
    { $or: [{ username: like }, { email: like }, { firstName: like }, { lastName: like }] },
    { orderBy: { username: 'asc' }, limit },
  );
  return users.map((u) => ({
    id: u.id,
    title: displayName(u),
    subtitle: `${u.username} · ${u.email}${u.isActive ? '' : ' · inactive'}`,
  }));
}

/**
 * Sets a user's password (hashed here; its rules are the caller's schema) and when it was set,
 * which spends the reset links asked for before.
 */
export async function setUserPassword(
  em: EntityManager,
  userId: number,
  newPassword: string,
): Promise<void> {
  const hash = await hashPassword(newPassword);
  const updated = await em.nativeUpdate(
    User,
    { id: userId },
    { password: hash, passwordChangedAt: new Date() },
  );
  if (!updated) throw notFound('User', userId);
}
