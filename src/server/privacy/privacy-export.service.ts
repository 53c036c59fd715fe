// A person's data export: what the product holds about one email address, on one snapshot.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPrivacyExport } from '../../shared/privacy.schema';
import { contactViewsWithIds } from '../contacts/contact-lookup.service';
import { contactIdsWithEmail, personRows } from './privacy-export.sql';

/**
 * Gathers it in one repeatable-read transaction, so the sections agree (a contact created
 * halfway is in all of them or none). The address is matched in any case.
 */
export function exportPerson(em: EntityManager, email: string): Promise<TPrivacyExport> {
  return em.transactional(
    async (tem) => {
      const ids = await contactIdsWithEmail(tem, email);
      const contacts = await contactViewsWithIds(tem, ids);
      const held = personRows(tem, email, ids);
      return {
        email,
        exportedAt: new Date().toISOString(),
        contacts,
        activities: await held.activities(),
        messages: await held.messages(),
        webhookDeliveries: await held.webhookDeliveries(),
        bookings: await held.bookings(),
        tasks: await held.tasks(),
        serviceInquiries: await held.serviceInquiries(),
        quarantined: await held.quarantined(),
        importErrors: await held.importErrors(),
        auditEntries: await held.auditEntries(),
        firstTouch: await held.firstTouch(),
      };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}
