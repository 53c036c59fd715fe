// Turning 2FA on and making codes, for the tests of sign-in's second step and of step-up checks.
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { TTwoFactorSetup } from '../../shared/account-security.schema';
import { TEST_PASSWORD, type Client } from '../test-app';

export const now = () => Math.floor(Date.now() / 1000);

/** The code an authenticator shows for `secret` at `epoch` (seconds). */
export const codeAt = (secret: string, epoch = now()) => generate({ secret, epoch });

/** Turns 2FA on for the signed-in client; answers the key and the recovery codes. */
export async function enableTwoFactor(client: Client) {
  const setup = await client.rest<TTwoFactorSetup>('POST', '/auth/2fa/setup', {
    password: TEST_PASSWORD,
  });
  expect(setup.status).toBe(200);
  // A code from the previous 30-second step, so the test's next code is still unused.
  const enabled = await client.rest<{ recoveryCodes: string[] }>('POST', '/auth/2fa/enable', {
    code: await codeAt(setup.body.secret, now() - 30),
  });
  expect(enabled.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
}
