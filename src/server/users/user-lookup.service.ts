// What other features read of users, and the reference they store to one: the users table has
// one owner, and the others name a user through these.
import { BACK_OFFICE_ROLE } from '../../shared/users.schema';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './user.entity';

/** A user to point a relation at (its row is not read). */
export const userReference = (em: EntityManager, userId: number) => em.getReference(User, userId);

export const findUser = (em: EntityManager, userId: number) => em.findOne(User, userId);

/** Whether a user with this id exists. */
export async function userExists(em: EntityManager, userId: number): Promise<boolean> {
  return (await em.findOne(User, userId, { fields: ['id'] })) !== null;
}

/**
 * Which of these ids are active back-office users (the role that signs in): the only ones who
 * take leads, calls and tasks. The others left, never were, or cannot sign in.
 */
export async function backOfficeUserIds(em: EntityManager, userIds: number[]): Promise<number[]> {
  const found = await em.find(
    User,
    { id: { $in: userIds }, isActive: true, role: 'admin' },
    { fields: ['id'] },
  );
  return found.map((u) => u.id);
}

/** The user with the password hash loaded, to check a password against. */
export const findUserWithPassword = (em: EntityManager, userId: number) =>
  em.findOneOrFail(User, userId, { populate: ['password'] });

/** The first admin, whom the demo data gives hours. */
export const firstAdmin = (em: EntityManager) =>
  em.findOne(User, { role: 'admin' }, { orderBy: { id: 'asc' } });

export const countUsers = (em: EntityManager) => em.count(User);

/**
 * Whether the user can work in the back office: active, with the role that signs in (`user`
 * cannot). Only they take tasks.
 */
export async function isBackOfficeUser(em: EntityManager, userId: number): Promise<boolean> {
  // Counted, not loaded: a partly loaded user would stand in for the whole one later on.
  return (await em.count(User, { id: userId, isActive: true, role: BACK_OFFICE_ROLE })) > 0;
}

/** The active user with this address (addresses are stored lower-case), if there is one. */
export const findActiveUserByEmail = (em: EntityManager, email: string) =>
  em.findOne(User, { email: email.toLowerCase(), isActive: true });
