import type { TContact } from '../../shared/contacts.schema';
import type { TemplateValues } from '../../shared/notifications.schema';

/** How much of the visitor's name the auto-reply may quote. */
export const AUTO_REPLY_NAME_CHARS = 40;

// What a phishing "name" carries: links (with or without a scheme), addresses, phone numbers.
const LINK = /\b[a-z][a-z0-9+.-]*:\/\/\S*|\bwww\.\S*|\b[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}(?:\/\S*)?/gi;
const EMAIL = /\S+@\S+/g;
const PHONE = /\+?\d[\d\s()./-]{5,}\d/g;

/** The name as the auto-reply may quote it: links, addresses and numbers out, 40 characters. */
export function autoReplyName(name: string): string {
  const cleaned = name
    .replace(EMAIL, ' ')
    .replace(LINK, ' ')
    .replace(PHONE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.slice(0, AUTO_REPLY_NAME_CHARS).trim() || 'there';
}

/**
 * What an auto-reply template is filled with: the cleaned name and nothing else the visitor
 * wrote (the settings refuse other placeholders; older saved templates render them empty).
 */
export function autoReplyValues(contact: TContact): TemplateValues {
  return {
    name: autoReplyName(contact.name),
    email: '',
    company: '',
    phone: '',
    message: '',
    source: contact.source,
    contactUrl: '',
  };
}
