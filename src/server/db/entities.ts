import { Session } from '../auth/session.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Contact } from '../contacts/contact.entity';
import { ServiceInquiry } from '../service-inquiries/service-inquiry.entity';
import { User } from '../users/user.entity';

/** Every entity the ORM knows; add new ones here. */
export const entities = [User, Session, Contact, ServiceInquiry, Campaign];
