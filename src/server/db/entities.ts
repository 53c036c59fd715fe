import { Session } from '../auth/session.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Contact } from '../contacts/contact.entity';
import { CleanSubmissionHour } from '../security/clean-submission.entity';
import { RateLimitWindow } from '../security/rate-limit.entity';
import { SecurityEvent } from '../security/security-event.entity';
import { SecuritySettings } from '../security/security-settings.entity';
import { UsedFormToken } from '../security/used-form-token.entity';
import { ServiceInquiry } from '../service-inquiries/service-inquiry.entity';
import { User } from '../users/user.entity';

/** Every entity the ORM knows; add new ones here. */
export const entities = [
  User,
  Session,
  Contact,
  ServiceInquiry,
  Campaign,
  SecuritySettings,
  SecurityEvent,
  RateLimitWindow,
  UsedFormToken,
  CleanSubmissionHour,
];
