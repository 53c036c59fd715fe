import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { ZContactSubmit } from '../../shared/contacts.schema';
import { createContact } from './contacts.service';

export interface SubmitterInfo {
  ip: string;
  userAgent: string;
}

/**
 * The website form. A filled honeypot (`website`) gets the normal success answer and stores
 * nothing, so a bot learns nothing from the response.
 */
export async function submitContact(em: EntityManager, input: z.output<typeof ZContactSubmit>, _who: SubmitterInfo) {
  if (input.website && input.website.trim() !== '') {
    return { success: true, message: 'Thank you! Our AI team will respond immediately.' };
  }
  const contact = await createContact(em, { ...input, source: 'website' });
  return {
    success: true,
    message: 'Thank you! Our AI team will respond immediately.',
    contact: { id: contact.id, status: contact.status, source: contact.source },
  };
}
