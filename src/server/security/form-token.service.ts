import type { EntityManager } from '@mikro-orm/postgresql';
import { issueFormToken } from './form-token';
import { loadProtectionSettings } from './settings.service';

/** A fresh token for the website form, and how long the visitor must take at least. */
export async function issueContactFormToken(
  em: EntityManager,
): Promise<{ token: string; minFormFillTime: number }> {
  const s = await loadProtectionSettings(em);
  return { token: issueFormToken(s.formSecret), minFormFillTime: s.minFormFillTime };
}
