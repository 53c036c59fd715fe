import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_SECURITY_SETTINGS,
  type TSecuritySettings,
  type TSecuritySettingsUpdate,
} from '../../shared/security.schema';
import { definedChanges } from '../db/partial-update';
import { singletonSettings } from '../db/singleton-settings';
import { SecuritySettings, type ISecuritySettings } from './security-settings.entity';

export interface ProtectionSettings extends TSecuritySettings {
  /** HMAC key of the form tokens; server-only. */
  formSecret: string;
}

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

const table = singletonSettings({
  entity: SecuritySettings,
  cacheKey: 'security_settings',
  firstRow: () => ({ ...DEFAULT_SECURITY_SETTINGS, formSecret: randomBytes(32).toString('hex') }),
  toSettings: toProtectionSettings,
});

/**
 * The settings, created with the product's defaults (all protections on, 5 per hour, 3 s) on
 * first use. Read by every submission from the shared cache, which a saved change empties on
 * every instance as it commits.
 */
export const loadProtectionSettings = table.load;

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
  await table.save(em, definedChanges(input));
  return getSecuritySettings(em);
}
