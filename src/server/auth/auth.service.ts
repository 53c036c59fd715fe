import type { EntityManager } from '@mikro-orm/postgresql';
import { AUTH_MESSAGES, type TLogin, type TMe } from '../../shared/auth.schema';
import { AppError } from '../errors';
import { findUserByUsername, toMe } from '../users/users.service';
import { dummyPasswordHash, verifyPassword } from './password';

/**
 * Checks credentials; the username matches regardless of case. An unknown username, a wrong password and a disabled account all
 * give the same error after the same amount of hashing work, so none can be told apart.
 */
export async function authenticate(em: EntityManager, input: TLogin): Promise<TMe> {
  const user = await findUserByUsername(em, input.username);
  const hash = user?.password ?? (await dummyPasswordHash());
  const valid = await verifyPassword(input.password, hash);
  if (!user || !valid || !user.isActive)
    throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials).as('INVALID_CREDENTIALS');
  return toMe(user);
}
