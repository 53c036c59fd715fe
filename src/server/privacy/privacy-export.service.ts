// A person's data export: what the product holds about one email address, on one snapshot.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPrivacyExport } from '../../shared/privacy.schema';
import { contactViewsWithIds } from '../contacts/contact-lookup.service';
import { contactIdsWithAddresses } from '../contacts/contacts.service';
import type { ExportSection } from '../privacy-hooks';

/**
 * Gathers the contacts with the address, then every feature's section about them or the address
 * (their registrations' `privacy.export`), in one repeatable-read transaction, so the sections
 * agree (a contact created halfway is in all of them or none). The address is matched in any case.
 */
export function exportPerson(
  em: EntityManager,
  email: string,
  sections: readonly ExportSection[],
): Promise<TPrivacyExport> {
  return em.transactional(
    async (tem) => {
      // The same look-up as an erasure's: the address in any case, every contact with it.
      const contactIds = await contactIdsWithAddresses(tem, [email.toLowerCase()], null);
      // The sections' keys come from the registrations: the type knows the fixed part only.
      const held = {
        email,
        exportedAt: new Date().toISOString(),
        contacts: await contactViewsWithIds(tem, contactIds),
      } as TPrivacyExport;
      for (const section of sections)
        held[section.name] = await section.rows(tem, { email, contactIds });
      return held;
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}
