import type { WriteAudit } from '../trpc/write-audit';
import { currentAuditScope, runInAuditScope } from './audit-context';
import { auditMutation } from './audit-writes';

/** The audit as the procedures use it (see trpc/write-audit.ts). */
export const writeAudit: WriteAudit = {
  as: (writer, write) => runInAuditScope({ ...writer, flushed: [], filed: new Set() }, write),
  fileWrite: (em, of, input, output) => {
    const scope = currentAuditScope();
    if (!scope) throw new Error('fileWrite runs inside WriteAudit.as');
    return auditMutation(em, of, input, output, scope);
  },
};
