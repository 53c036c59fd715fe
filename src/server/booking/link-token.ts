// The secrets in booking links a person holds without signing in: a lead's manage link and a
// host's calendar subscription address. 32 random bytes, hex.
import { randomBytes } from 'node:crypto';

export const newLinkToken = () => randomBytes(32).toString('hex');

/** Only a token of the form issued is looked up (a NUL byte is not even valid SQL text). */
export const isLinkToken = (token: string) => /^[0-9a-f]{64}$/.test(token);
