import type { EntityManager } from '@mikro-orm/postgresql';
import { loadProtectionSettings } from '../security-center/settings.service';
import type { Actor } from './session';

/** An admin who must set up two-factor sign-in before using the back office (a Security setting). */
export async function twoFactorRequired(em: EntityManager, actor: Actor): Promise<boolean> {
  if (actor.role !== 'admin' || actor.twoFactorEnabled) return false;
  return (await loadProtectionSettings(em)).requireAdminTwoFactor;
}
