import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_SECURITY_SETTINGS, type TSecuritySettings } from '../../shared/security.schema';

export interface ProtectionSettings extends TSecuritySettings {
  /** HMAC key of the form tokens; server-only. */
  formSecret: string;
}

interface SettingsRow {
  rate_limit_enabled: boolean;
  honeypot_enabled: boolean;
  bot_detection_enabled: boolean;
  suspicious_content_filtering: boolean;
  max_submissions_per_hour: number;
  min_form_fill_time: number;
  form_secret: string;
}

const SELECT = `select rate_limit_enabled, honeypot_enabled, bot_detection_enabled, suspicious_content_filtering,
                       max_submissions_per_hour, min_form_fill_time, form_secret
                  from security_settings where id = 1`;

function fromRow(r: SettingsRow): ProtectionSettings {
  return {
    rateLimitEnabled: r.rate_limit_enabled,
    honeypotEnabled: r.honeypot_enabled,
    botDetectionEnabled: r.bot_detection_enabled,
    suspiciousContentFiltering: r.suspicious_content_filtering,
    maxSubmissionsPerHour: r.max_submissions_per_hour,
    minFormFillTime: r.min_form_fill_time,
    formSecret: r.form_secret,
  };
}

/**
 * The settings row, created with the spec defaults (all protections on, 5 per hour, 3 s) on
 * first use. Read on every submission, so a saved change applies at once on every instance.
 */
export async function loadProtectionSettings(em: EntityManager): Promise<ProtectionSettings> {
  const [row] = await em.execute<SettingsRow[]>(SELECT);
  if (row) return fromRow(row);
  const d = DEFAULT_SECURITY_SETTINGS;
  // Two instances may race to create the row: the loser's insert does nothing and it reads the winner's.
  await em.execute(
    `insert into security_settings (id, rate_limit_enabled, honeypot_enabled, bot_detection_enabled, suspicious_content_filtering,
                                    max_submissions_per_hour, min_form_fill_time, form_secret)
     values (1, ?, ?, ?, ?, ?, ?, ?) on conflict (id) do nothing`,
    [
      d.rateLimitEnabled,
      d.honeypotEnabled,
      d.botDetectionEnabled,
      d.suspiciousContentFiltering,
      d.maxSubmissionsPerHour,
      d.minFormFillTime,
      randomBytes(32).toString('hex'),
    ],
  );
  const [created] = await em.execute<SettingsRow[]>(SELECT);
  return fromRow(created!);
}

export async function getSecuritySettings(em: EntityManager): Promise<TSecuritySettings> {
  const { formSecret: _secret, ...settings } = await loadProtectionSettings(em);
  return settings;
}

/** Saves the settings (already bounded by ZSecuritySettings; the table's checks repeat the bounds). */
export async function updateSecuritySettings(
  em: EntityManager,
  input: TSecuritySettings,
): Promise<TSecuritySettings> {
  await loadProtectionSettings(em);
  await em.execute(
    `update security_settings set rate_limit_enabled = ?, honeypot_enabled = ?, bot_detection_enabled = ?,
            suspicious_content_filtering = ?, max_submissions_per_hour = ?, min_form_fill_time = ?, updated_at = now()
      where id = 1`,
    [
      input.rateLimitEnabled,
      input.honeypotEnabled,
      input.botDetectionEnabled,
      input.suspiciousContentFiltering,
      input.maxSubmissionsPerHour,
      input.minFormFillTime,
    ],
  );
  return getSecuritySettings(em);
}
