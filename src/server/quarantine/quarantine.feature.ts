import type { Feature } from '../feature';
import { QuarantinedSubmission } from './quarantined-submission.entity';
import { pruneQuarantine } from './quarantine.service';

export const quarantineFeature: Feature = {
  name: 'quarantine',
  entities: [QuarantinedSubmission],
  maintenance: [{ name: 'quarantine', run: (em, now) => pruneQuarantine(em, now) }],
};
