import type { Feature } from '../feature';
import { QuarantinedSubmission } from './quarantined-submission.entity';
import { queueQuarantineDigest } from './quarantine-digest';
import { pruneQuarantine } from './quarantine.service';
import { eraseQuarantined } from './quarantine-erasure.sql';
import { quarantineExport } from './quarantine-export.sql';

export const quarantineFeature: Feature = {
  name: 'quarantine',
  entities: [QuarantinedSubmission],
  privacy: { erase: eraseQuarantined, export: [quarantineExport] },
  maintenance: [
    { name: 'quarantine', run: (em, now) => pruneQuarantine(em, now) },
    {
      name: 'quarantineDigest',
      run: (em, now, { notifier }) => queueQuarantineDigest(em, now, notifier),
    },
  ],
};
