// The booking link a lead gets with their submission: `<contactId>.<expiry>.<signature>`, signed
// with the site's booking secret. Nothing is stored: any instance checks it, and it lapses alone.
import { createHmac, timingSafeEqual } from 'node:crypto';

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`booking:${body}`).digest('base64url');

export function issueBookingToken(
  secret: string,
  contactId: number,
  now: Date,
  ttlHours: number,
): string {
  const body = `${contactId}.${Math.floor(now.getTime() / 1000) + ttlHours * 3600}`;
  return `${body}.${sign(secret, body)}`;
}

/** The contact a token was issued for, or null when it is forged, malformed or expired. */
export function contactOfBookingToken(secret: string, token: string, now: Date): number | null {
  const match = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, contactId, expires, signature] = match;
  const expected = Buffer.from(sign(secret, `${contactId}.${expires}`));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  return Number(contactId);
}
