import { DEFAULT_SECURITY_SETTINGS } from '../../shared/security.schema';

// The settings added later may be left out of a save (ZSecuritySettingsUpdate keeps them as is).
const {
  integrationKeyHourlyLimit: _integrationKeyHourlyLimit,
  auditRetentionDays: _auditRetentionDays,
  requireAdminTwoFactor: _requireAdminTwoFactor,
  ...formDefaults
} = DEFAULT_SECURITY_SETTINGS;

/**
 * The settings every client sends on a save, at their defaults: tests spread it and add the one
 * setting they are about.
 */
export const SECURITY_FORM_DEFAULTS = formDefaults;
