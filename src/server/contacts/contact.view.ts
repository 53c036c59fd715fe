import type { TContact } from '../../shared/contacts.schema';
import type { IContact } from './contact.entity';

/** Plain data for the wire: ISO dates, no entity. */
export function toContactView(c: IContact): TContact {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    company: c.company ?? null,
    phone: c.phone ?? null,
    message: c.message ?? null,
    source: c.source,
    status: c.status,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    utmSource: c.utmSource ?? null,
    utmMedium: c.utmMedium ?? null,
    utmCampaign: c.utmCampaign ?? null,
    utmTerm: c.utmTerm ?? null,
    utmContent: c.utmContent ?? null,
    referrer: c.referrer ?? null,
    landingPage: c.landingPage ?? null,
    firstRespondedAt: c.firstRespondedAt?.toISOString() ?? null,
    ownerId: c.owner?.id ?? null,
  };
}
