import type { Feature } from '../feature';
import { loadProtectionSettings } from '../security-center/settings.service';
import { AuditEntry } from './audit-entry.entity';
import { auditSubscriptions } from './audit-events';
import { pruneAuditLog } from './audit.service';
import { redactAuditEntries } from './audit-erasure.sql';
import { auditExport } from './audit-export.sql';

export const auditFeature: Feature = {
  name: 'audit',
  entities: [AuditEntry],
  subscriptions: auditSubscriptions,
  privacy: { erase: redactAuditEntries, export: [auditExport] },
  maintenance: [
    {
      name: 'auditLog',
      run: async (em, now) =>
        pruneAuditLog(em, (await loadProtectionSettings(em)).auditRetentionDays, now),
    },
  ],
};
