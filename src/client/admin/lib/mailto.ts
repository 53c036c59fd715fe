/**
 * A `mailto:` link to exactly one address. Every part is percent-encoded, so an address that
 * somehow holds `?`, `&` or `,` (stored before the email rule tightened, or imported) cannot add
 * recipients, a subject or a body to the message the link opens.
 */
export function mailtoHref(email: string): string {
  return `mailto:${email.split('@').map(encodeURIComponent).join('@')}`;
}
