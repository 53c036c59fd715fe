import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_SECURITY_SETTINGS,
  type TSecuritySettings,
  type TSecuritySettingsUpdate,
} from '../../shared/security.schema';
import { cachedRead, invalidateShared } from '../db/shared-cache';
import { SecuritySettings, type ISecuritySettings } from './security-settings.entity';

export interface ProtectionSettings extends TSecuritySettings {
  /** HMAC key of the form tokens; server-only. */
  formSecret: string;
}

const SETTINGS_ID = 1;

function toProtectionSettings(row: ISecuritySettings): ProtectionSettings {
  // Frozen: the cached copy is shared by every request of this instance.
  return Object.freeze({
    rateLimitEnabled: row.rateLimitEnabled,
    honeypotEnabled: row.honeypotEnabled,
    botDetectionEnabled: row.botDetectionEnabled,
    suspiciousContentFiltering: row.suspiciousContentFiltering,
    maxSubmissionsPerHour: row.maxSubmissionsPerHour,
    minFormFillTime: row.minFormFillTime,
    integrationKeyHourlyLimit: row.integrationKeyHourlyLimit,
    auditRetentionDays: row.auditRetentionDays,
    requireAdminTwoFactor: row.requireAdminTwoFactor,
    formSecret: row.formSecret,
  });
}

/** Always from the database, never the identity map: another instance may have saved since. */
const readRow = (em: EntityManager) => em.findOne(SecuritySettings, SETTINGS_ID, { refresh: true });

const CACHE_KEY = 'security_settings';

/**
 * The settings, created with the product's defaults (all protections on, 5 per hour, 3 s) on
 * first use. Read by every submission from the shared cache, which a saved change empties on
 * every instance as it commits.
 */
export function loadProtectionSettings(em: EntityManager): Promise<ProtectionSettings> {
  return cachedRead(em, CACHE_KEY, () => readOrCreate(em));
}

async function readOrCreate(em: EntityManager): Promise<ProtectionSettings> {
  const row = await readRow(em);
  if (row) return toProtectionSettings(row);
  // Two instances may race to create the row: the loser's insert does nothing and it reads the winner's.
  await em
    .createQueryBuilder(SecuritySettings)
    .insert({
      id: SETTINGS_ID,
      ...DEFAULT_SECURITY_SETTINGS,
      formSecret: randomBytes(32).toString('hex'),
    })
    .onConflict('id')
    .ignore()
    .execute();
  const created = await readRow(em);
  return toProtectionSettings(created!);
}

export async function getSecuritySettings(em: EntityManager): Promise<TSecuritySettings> {
  const { formSecret: _secret, ...settings } = await loadProtectionSettings(em);
  return settings;
}

/**
 * Saves the settings (already bounded by ZSecuritySettings; the table's checks repeat the bounds)
 * through the unit of work, so the audit log records each changed field before -> after.
 */
export async function updateSecuritySettings(
  em: EntityManager,
  input: TSecuritySettingsUpdate,
): Promise<TSecuritySettings> {
  await loadProtectionSettings(em); // creates the row on first use
  const row = (await readRow(em))!;
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  em.assign(row, { ...defined, updatedAt: new Date() });
  await em.flush();
  await invalidateShared(em, CACHE_KEY);
  return getSecuritySettings(em);
}
