import type { Feature } from '../feature';
import { PrivacyErasure, PrivacySettings } from './privacy-erasure.entity';
import { PrivacyNotice } from './privacy-notice.entity';
import { nightlyRetention } from './retention.service';

/**
 * Personal data under control: the privacy notice's versions (consent names one), the erasure
 * ledger and the retention rule, run nightly by the maintenance loop.
 */
export const privacyFeature: Feature = {
  name: 'privacy',
  entities: [PrivacyNotice, PrivacyErasure, PrivacySettings],
  maintenance: [
    {
      name: 'privacy-retention',
      run: (em, now, { events, erasureLedger }) =>
        erasureLedger
          ? nightlyRetention(em, { events, ledger: erasureLedger }, now)
          : Promise.resolve(0),
    },
  ],
};
