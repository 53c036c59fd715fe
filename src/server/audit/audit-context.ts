import { AsyncLocalStorage } from 'node:async_hooks';

/** camelCase or PascalCase to snake_case: procedure and entity names as audit words. */
export const snake = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();

export type AuditChanges = Record<string, { from?: unknown; to?: unknown }>;

/** Values set (nothing before them) as audit changes; an undefined value is left out. */
export const setValues = (values: Record<string, unknown>): AuditChanges =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, { to: value }]),
  );

/** One entity write the ORM flushed during the request (see audit-subscriber.ts). */
export interface FlushedChange {
  entityType: string;
  entityId: string | null;
  kind: 'create' | 'update' | 'delete';
  changes: AuditChanges;
}

/** Who is writing (null: a visitor), from where, and what was written so far, for the audit. */
export interface AuditScope {
  actor: { id: number; username: string } | null;
  ip: string;
  userAgent: string | null;
  flushed: FlushedChange[];
  /** `entityType:entityId` of the entries the write's domain events filed already. */
  filed: Set<string>;
}

/** The key of an entry in `AuditScope.filed`. */
export const filedKey = (entityType: string, entityId: string | number | null) =>
  `${entityType}:${entityId ?? ''}`;

const storage = new AsyncLocalStorage<AuditScope>();

export const currentAuditScope = () => storage.getStore();

export function runInAuditScope<T>(scope: AuditScope, fn: () => Promise<T>): Promise<T> {
  return storage.run(scope, fn);
}
