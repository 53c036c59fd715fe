/** Field names whose values never enter the audit log (passwords, hashes, secrets, tokens). */
const SECRET_FIELD = /password|secret|hash|token|recovery|otp|totp|^code$|^key$/i;

export const REDACTED = '[redacted]';

/** A value fit for the log: secrets hidden, long text cut, nested objects redacted too. */
export function redactValue(key: string, value: unknown, depth = 0): unknown {
  if (SECRET_FIELD.test(key)) return REDACTED;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > 500 ? `${value.slice(0, 500)}…` : value;
  if (Array.isArray(value))
    return value.length > 50
      ? `[${value.length} items]`
      : value.map((v) => redactValue('', v, depth + 1));
  if (value && typeof value === 'object') {
    if (depth > 2) return '[object]';
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, redactValue(k, v, depth + 1)]),
    );
  }
  return value;
}
