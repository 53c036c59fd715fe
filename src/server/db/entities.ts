import { Session } from '../auth/session.entity';
import {
  ContactImport,
  ContactImportChunk,
  ContactImportError,
} from '../contact-imports/contact-import.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Contact } from '../contacts/contact.entity';
import { ContactCountDelta } from '../contacts/contact-count.entity';
import { ContactDailyDelta } from '../contacts/contact-daily.entity';
import { CleanSubmissionHour } from '../security-center/clean-submission.entity';
import { NotificationSettings } from '../notifications/notification-settings.entity';
import { ContactActivity } from '../contact-activity/contact-activity.entity';
import { AuditEntry } from '../audit/audit-entry.entity';
import { QuarantinedSubmission } from '../quarantine/quarantined-submission.entity';
import { RecoveryCode } from '../auth/recovery-code.entity';
import { SignInChallenge } from '../auth/sign-in-challenge.entity';
import { LeadRoutingMember } from '../lead-routing/lead-routing-member.entity';
import { IntegrationKey } from '../integration-keys/integration-key.entity';
import { Notification } from '../notifications/notification.entity';
import { RateLimitWindow } from '../rate-limit/rate-limit.entity';
import { SecurityEvent } from '../security-center/security-event.entity';
import { SecuritySettings } from '../security-center/security-settings.entity';
import { UsedFormToken } from '../form-guard/used-form-token.entity';
import { ServiceInquiry } from '../service-inquiries/service-inquiry.entity';
import { User } from '../users/user.entity';
import { WebhookDelivery } from '../webhooks/webhook-delivery.entity';
import { WebhookEndpoint } from '../webhooks/webhook-endpoint.entity';

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
  NotificationSettings,
  Notification,
  IntegrationKey,
  WebhookEndpoint,
  WebhookDelivery,
  LeadRoutingMember,
  ContactActivity,
  AuditEntry,
  QuarantinedSubmission,
  RecoveryCode,
  SignInChallenge,
  ContactImport,
  ContactImportChunk,
  ContactImportError,
  ContactCountDelta,
  ContactDailyDelta,
];
