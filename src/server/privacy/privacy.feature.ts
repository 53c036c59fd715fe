import { ZContactErasedWebhookData } from '../../shared/privacy.schema';
import { webhookEvent, type Feature } from '../feature';
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
  webhooks: [
    // Downstream systems drop their copies too; the body names no one, only the ids.
    webhookEvent({
      type: 'contact.erased',
      label: "A person's data erased (their contact ids)",
      version: 1,
      data: ZContactErasedWebhookData,
      on: 'person.erased',
      bodies: async (_em, events) =>
        events
          .filter((e) => e.contactIds.length)
          .map(({ contactIds, erasedAt }) => ({
            contactId: null,
            data: { contactIds, erasedAt },
          })),
    }),
  ],
  maintenance: [
    {
      name: 'privacy-retention',
      run: (em, now, { privacy }) =>
        privacy ? nightlyRetention(em, privacy, now) : Promise.resolve(0),
    },
  ],
};
