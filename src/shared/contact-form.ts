/**
 * The contact form's messages and its light validation. Kept free of zod so the public pages
 * can validate without shipping a schema library; the server's zod schema uses the same messages.
 */
export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  messageRequired: 'Message is required',
} as const;

export const CONTACT_LIMITS = { name: 200, email: 254, company: 200, phone: 50, message: 5000 };

export interface TContactFormValues {
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
  website: string;
}

export type TContactFormErrors = Partial<Record<'name' | 'email' | 'message', string>>;

export const EMAIL_MAX_LENGTH = 254;

// Each pattern is a single character class, so matching is linear however long the input;
// the structure (one @, dot placement, labels) is checked in code, not by backtracking.
const LOCAL_CHARS = /^[A-Za-z0-9_'+.-]+$/;
const LABEL_CHARS = /^[A-Za-z0-9-]+$/;
const TOP_LABEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/**
 * The one email rule of the product (website form, admin, CSV import, users). Deliberately
 * narrower than RFC 5322: no `?`, `&`, `%`, `#`, `,`, quotes or spaces, so an address can never
 * carry extra headers into a `mailto:` link or an outgoing message.
 */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL_CHARS.test(local)) return false;
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  if (labels.length < 2 || !TOP_LABEL.test(labels[labels.length - 1]!)) return false;
  return labels.every(
    (l) => l.length <= 63 && LABEL_CHARS.test(l) && !l.startsWith('-') && !l.endsWith('-'),
  );
}

export function validateContactForm(values: TContactFormValues): TContactFormErrors {
  const errors: TContactFormErrors = {};
  if (!values.name.trim()) errors.name = CONTACT_MESSAGES.nameRequired;
  if (!values.email.trim()) errors.email = CONTACT_MESSAGES.emailRequired;
  else if (!isValidEmail(values.email.trim())) errors.email = CONTACT_MESSAGES.emailInvalid;
  if (!values.message.trim()) errors.message = CONTACT_MESSAGES.messageRequired;
  return errors;
}
