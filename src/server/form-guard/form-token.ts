import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A token outlives a long-open tab, but not forever: single use is enforced until it expires. */
export const FORM_TOKEN_TTL_MS = 24 * 3_600_000;

/**
 * The signature covers the client network the token was issued to (`clientKey`: the IPv4
 * address, or the IPv6 /64, so privacy-address changes within it still match). The network is
 * not in the token text: a token fetched by one machine of a farm is worthless to the others.
 */
function sign(secret: string, issuedAt: number, nonce: string, network: string): string {
  return createHmac('sha256', secret)
    .update(`convoza-form-token:${issuedAt}:${nonce}:${network}`)
    .digest('base64url');
}

/** `<issuedAt ms>.<nonce>.<HMAC>`: the server alone can mint one, and it says when the form was opened. */
export function issueFormToken(secret: string, network: string, now = Date.now()): string {
  const nonce = randomBytes(16).toString('hex');
  return `${now}.${nonce}.${sign(secret, now, nonce, network)}`;
}

export type FormTokenCheck =
  | { ok: true; nonce: string; issuedAt: number; expiresAt: Date }
  | {
      ok: false;
      reason: 'missing' | 'malformed' | 'forged' | 'expired' | 'too_fast';
      ageMs?: number;
    };

/**
 * Verifies signature (for this client network), age window and minimum fill time. Single use is
 * checked at storage time.
 */
export function checkFormToken(
  secret: string,
  token: string | undefined,
  network: string,
  minFillMs: number,
  now = Date.now(),
): FormTokenCheck {
  if (!token) return { ok: false, reason: 'missing' };
  const match = /^(\d{13})\.([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'malformed' };
  const [, issuedText, nonce, signature] = match as unknown as [string, string, string, string];
  const issuedAt = Number(issuedText);
  const expected = Buffer.from(sign(secret, issuedAt, nonce, network));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'forged' };
  const ageMs = now - issuedAt;
  // A small negative age is clock skew between instances; a large one is nonsense.
  if (ageMs > FORM_TOKEN_TTL_MS || ageMs < -60_000) return { ok: false, reason: 'expired', ageMs };
  if (ageMs < minFillMs) return { ok: false, reason: 'too_fast', ageMs };
  return { ok: true, nonce, issuedAt, expiresAt: new Date(issuedAt + FORM_TOKEN_TTL_MS) };
}
