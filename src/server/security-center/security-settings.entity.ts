import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { updateTime } from '../db/timestamps';

/**
 * The one row (id 1) of contact-form protection settings, shared by every app instance.
 * `formSecret` keys the form-token HMAC; it lives here so all instances sign alike, and it never
 * leaves the server.
 */
export const SecuritySettings = defineEntity({
  name: 'SecuritySettings',
  tableName: 'security_settings',
  properties: {
    id: p.integer().primary().autoincrement(false),
    rateLimitEnabled: p.boolean(),
    honeypotEnabled: p.boolean(),
    botDetectionEnabled: p.boolean(),
    suspiciousContentFiltering: p.boolean(),
    maxSubmissionsPerHour: p.integer(),
    minFormFillTime: p.integer(),
    integrationKeyHourlyLimit: p.integer().default(1000),
    auditRetentionDays: p.integer().default(365),
    requireAdminTwoFactor: p.boolean().default(false),
    formSecret: p.string().length(64).hidden(),
    updatedAt: updateTime(),
  },
  // Declared so the migration generator keeps them: one row, and the API's bounds in the database.
  checks: [
    { name: 'security_settings_id_check', expression: 'id = 1' },
    {
      name: 'security_settings_max_submissions_per_hour_check',
      expression: '(max_submissions_per_hour >= 1) AND (max_submissions_per_hour <= 100)',
    },
    {
      name: 'security_settings_min_form_fill_time_check',
      expression: '(min_form_fill_time >= 1) AND (min_form_fill_time <= 60)',
    },
    {
      name: 'security_settings_integration_key_hourly_limit_check',
      expression:
        '(integration_key_hourly_limit >= 1) AND (integration_key_hourly_limit <= 100000)',
    },
    {
      name: 'security_settings_audit_retention_days_check',
      expression: '(audit_retention_days >= 30) AND (audit_retention_days <= 3650)',
    },
  ],
});
export type ISecuritySettings = InferEntity<typeof SecuritySettings>;
