// The privacy notice's first text, without zod: the public /privacy page imports it, and the
// public pages load no schema library (its code would cost their first seconds).

/**
 * The first version, shown until an admin publishes the company's own text: what the product
 * does with a lead's data, in plain words. The /privacy page is prerendered with it.
 */
export const FIRST_PRIVACY_NOTICE =
  'Convoza uses what you send with this form (your name, email, phone, company and message) to answer you and to book the call you ask for. If you tick the box, we also send you occasional product news, which you can stop at any time. We keep your details while we work with you, never sell them, and delete leads we have not worked with after a set time. You may ask us at any time for a copy of what we hold about you, or to erase it, by writing to hello@convoza.ai.';
