import type { Feature } from '../feature';
import { loadProtectionSettings } from '../security-center/settings.service';
import { AuditEntry } from './audit-entry.entity';
import { auditSubscriptions } from './audit-events';
import { pruneAuditLog } from './audit.service';
import { redactAuditEntries } from './audit-erasure.sql';

export const auditFeature: Feature = {
  name: 'audit',
  entities: [AuditEntry],
  subscriptions: auditSubscriptions,
  privacy: { erase: redactAuditEntries },
  maintenance: [
    {
      name: 'auditLog',
      run: async (em, now) =>
        pruneAuditLog(em, (await loadProtectionSettings(em)).auditRetentionDays, now),
    },
  ],
};
