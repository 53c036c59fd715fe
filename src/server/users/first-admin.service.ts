import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword } from '../auth/credentials.service';
import type { Logger } from '../logger';
import { User } from './user.entity';
import { findUserByUsername } from './users.service';

/**
 * Makes sure someone can sign in: ADMIN_USERNAME/ADMIN_PASSWORD create that admin if missing;
 * with neither set and no admin at all, an `admin` with a random password is created and the
 * password printed once.
 */
export async function ensureFirstAdmin(
  em: EntityManager,
  creds: { username?: string; password?: string },
  log: Logger,
  print: (line: string) => void = (line) => process.stdout.write(line + '\n'),
): Promise<void> {
  if (creds.username && creds.password) {
    if (await findUserByUsername(em, creds.username)) return;
    await em.insert(User, {
      username: creds.username,
      email: `${creds.username}@convoza.local`,
      password: await hashPassword(creds.password),
      role: 'admin',
      isActive: true,
    });
    log.info('created the admin from ADMIN_USERNAME', { username: creds.username });
    return;
  }
  if (await em.count(User, { role: 'admin' })) return;
  const password = randomBytes(12).toString('base64url');
  const username = (await findUserByUsername(em, 'admin'))
    ? `admin-${randomBytes(3).toString('hex')}`
    : 'admin';
  await em.insert(User, {
    username,
    email: `${username}@convoza.local`,
    password: await hashPassword(password),
    role: 'admin',
    isActive: true,
  });
  print('');
  print('  ┌──────────────────────────────────────────────────────────');
  print('  │ First admin created. Sign in at /admin/login with:');
  print(`  │   username: ${username}`);
  print(`  │   password: ${password}`);
  print('  │ This password is shown only once. Change it under Users.');
  print('  └──────────────────────────────────────────────────────────');
  print('');
}
