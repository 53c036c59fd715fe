import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAuditOf } from '../../shared/audit.schema';

/** Who makes a write, from where (`actor` null: a visitor). */
export interface Writer {
  actor: { id: number; username: string } | null;
  ip: string;
  userAgent: string | null;
}

/**
 * What the procedures need of the audit, handed in by the composition root (AppDeps) so this
 * layer names no feature: every write runs knowing its writer (the audit files what the write's
 * domain events say with it), and a signed-in write files its own entry when no event did.
 */
export interface WriteAudit {
  as<T>(writer: Writer, write: () => Promise<T>): Promise<T>;
  /** Inside `as`, after the write succeeded and in its transaction. */
  fileWrite(em: EntityManager, of: TAuditOf, input: unknown, output: unknown): Promise<void>;
}
