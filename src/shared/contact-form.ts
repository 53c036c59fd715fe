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

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContactForm(values: TContactFormValues): TContactFormErrors {
  const errors: TContactFormErrors = {};
  if (!values.name.trim()) errors.name = CONTACT_MESSAGES.nameRequired;
  if (!values.email.trim()) errors.email = CONTACT_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = CONTACT_MESSAGES.emailInvalid;
  if (!values.message.trim()) errors.message = CONTACT_MESSAGES.messageRequired;
  return errors;
}
