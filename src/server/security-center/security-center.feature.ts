import { MANUAL_SOURCE } from '../../shared/contacts.schema';
import type { Feature } from '../feature';
import { CleanSubmissionHour } from './clean-submission.entity';
import { pruneSecurityEvents, SECURITY_RETENTION_DAYS } from './events.sql';
import { SecurityEvent } from './security-event.entity';
import { SecuritySettings } from './security-settings.entity';
import { countCleanSubmissions, pruneCleanSubmissionCounters } from './stats.sql';

const retentionCutoff = (now: Date) =>
  new Date(now.getTime() - SECURITY_RETENTION_DAYS * 86_400_000);

export const securityCenterFeature: Feature = {
  name: 'securityCenter',
  entities: [SecuritySettings, SecurityEvent, CleanSubmissionHour],
  maintenance: [
    {
      name: 'securityEvents',
      run: async (em, now) => {
        const { events, eventsOverCap } = await pruneSecurityEvents(em, retentionCutoff(now));
        return events + eventsOverCap;
      },
    },
    {
      name: 'cleanCounters',
      run: (em, now) => pruneCleanSubmissionCounters(em, retentionCutoff(now)),
    },
  ],
  subscriptions: () => ({
    // An accepted lead is a clean submission for the Security Center's tiles; a contact staff
    // typed in was submitted by no one.
    'contact.created': [
      {
        all: async (em, events) => {
          const submitted = events.filter((e) => e.contact.source !== MANUAL_SOURCE).length;
          if (submitted) await countCleanSubmissions(em, submitted);
        },
      },
    ],
  }),
};
