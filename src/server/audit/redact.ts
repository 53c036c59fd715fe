import type { EntityManager } from '@mikro-orm/postgresql';
import { SECRET_INPUT_FIELDS } from '../../shared/account-security.schema';
import { toStorableText } from '../../shared/text.schema';

export const REDACTED = '[redacted]';

/** The entities' hidden properties (password, secrets, key hashes), by name, per ORM. */
const hiddenNames = new WeakMap<object, Set<string>>();

function hiddenPropertyNames(em: EntityManager): Set<string> {
  const metadata = em.getMetadata();
  let names = hiddenNames.get(metadata);
  if (!names) {
    names = new Set(
      [...metadata.getAll().values()]
        .flatMap((meta) => Object.values(meta.properties))
        .filter((prop) => prop.hidden)
        .map((prop) => prop.name.toLowerCase()),
    );
    hiddenNames.set(metadata, names);
  }
  return names;
}

/**
 * Whether an input field carries a secret: it is (or ends with, as newPassword does) a hidden
 * property of an entity, or the shared schemas declare it secret (a 2FA code).
 */
export function isSecretInput(em: EntityManager, key: string): boolean {
  const lower = key.toLowerCase();
  if ((SECRET_INPUT_FIELDS as readonly string[]).includes(key)) return true;
  for (const hidden of hiddenPropertyNames(em)) if (lower.endsWith(hidden)) return true;
  return false;
}

/** A value fit for the log: long text cut, nested objects bounded, secrets of inputs hidden. */
export function redactValue(
  value: unknown,
  isSecret: (key: string) => boolean,
  depth = 0,
): unknown {
  if (value instanceof Date) return value.toISOString();
  // Cut first (a cut can split a surrogate pair), then made storable: the entry is jsonb.
  if (typeof value === 'string')
    return toStorableText(value.length > 500 ? `${value.slice(0, 500)}…` : value);
  if (Array.isArray(value))
    return value.length > 50
      ? `[${value.length} items]`
      : value.map((v) => redactValue(v, isSecret, depth + 1));
  if (value && typeof value === 'object') {
    if (depth > 2) return '[object]';
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        toStorableText(k),
        isSecret(k) ? REDACTED : redactValue(v, isSecret, depth + 1),
      ]),
    );
  }
  return value;
}
