// Helpers for tests (and benches) that drive the protected contact form. Not used by the app.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_SECURITY_SETTINGS, type TSecuritySettings } from '../../shared/security.schema';
import { clientKey } from '../http/client-ip';
import { issueFormToken } from './form-token';
import {
  loadProtectionSettings,
  updateSecuritySettings,
} from '../security-center/settings.service';

/** What a desktop browser sends with the form. */
export const BROWSER_HEADERS = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'accept-language': 'en-US,en;q=0.9',
} as const;

/**
 * A valid form token as if the form had been opened `ageSeconds` ago by a client at `ip`
 * (minted with the stored secret).
 */
export async function backdatedFormToken(
  em: EntityManager,
  ageSeconds = 10,
  ip = '127.0.0.1',
): Promise<string> {
  const { formSecret } = await loadProtectionSettings(em);
  return issueFormToken(formSecret, clientKey(ip), Date.now() - ageSeconds * 1000);
}

/**
 * For tests about something else than the protections (contacts, analytics ...): switches every
 * protection off and allows 100 submissions per hour, so plain test clients can submit freely.
 * Call it after each db.reset(), which empties the settings table back to the defaults.
 */
export async function relaxContactProtections(
  em: EntityManager,
  overrides: Partial<TSecuritySettings> = {},
): Promise<void> {
  await updateSecuritySettings(em, {
    ...DEFAULT_SECURITY_SETTINGS,
    rateLimitEnabled: false,
    honeypotEnabled: true,
    botDetectionEnabled: false,
    suspiciousContentFiltering: false,
    maxSubmissionsPerHour: 100,
    ...overrides,
  });
}

/**
 * A website lead sent as a browser sends the form (protections relaxed first); answers its
 * contact's id, and fails the test on any other answer than 200.
 */
export async function submitWebsiteLead(
  baseUrl: string,
  lead: { name: string; email: string; message?: string },
): Promise<number> {
  const res = await fetch(`${baseUrl}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
    body: JSON.stringify(lead),
  });
  if (res.status !== 200)
    throw new Error(`the lead was refused: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { contact: { id: number } }).contact.id;
}
