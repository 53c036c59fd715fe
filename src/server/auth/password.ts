import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { withHashSlot } from './hash-queue';

// OWASP password storage cheat sheet: scrypt with N=2^15, r=8, p=3 (32 MiB per hash).
const PARAMS = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, o: typeof PARAMS): Promise<Buffer> {
  const options: ScryptOptions = { ...o, maxmem: 128 * o.N * o.r * 2 };
  return withHashSlot(
    () =>
      new Promise((done, fail) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
          err ? fail(err) : done(key),
        ),
      ),
  );
}

/**
 * Returns `scrypt$N$r$p$salt$hash` (base64url parts). The product always hashes at PARAMS; the
 * tests' users are stored at a lower cost (test-app.ts), which verification reads from the hash.
 */
export async function hashPassword(password: string, params = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A real hash of nothing, verified against when the username is unknown so timing matches. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
