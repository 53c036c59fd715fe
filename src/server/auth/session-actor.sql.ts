// Who is signed in: the one query every signed-in request makes first.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TRole } from '../../shared/users.schema';
import { namedStatement } from '../db/named-statement';

/**
 * The session, its user and the admins' two-factor rule in one round trip: every signed-in
 * request asks this first, and the ORM's entity hydration cost more than the query.
 */
const ACTOR_SQL = `select s.id, extract(epoch from s.expires_at)::float8 * 1000 as expires_ms,
         extract(epoch from s.idle_expires_at)::float8 * 1000 as idle_expires_ms, u.id as user_id, u.username, u.role,
         u.first_name, u.last_name, u.is_active, u.two_factor_enabled_at is not null as two_factor_enabled,
         coalesce((select require_admin_two_factor from security_settings where id = 1), false)
           as admins_need_two_factor
    from sessions s join users u on u.id = s.user_id where s.id = $1`;

export interface ActorRow {
  id: string;
  /** Epoch milliseconds (the ORM's pool leaves timestamps as text). */
  expires_ms: number;
  idle_expires_ms: number;
  user_id: number;
  username: string;
  role: TRole;
  first_name: string | null;
  last_name: string | null;
  is_active: boolean;
  two_factor_enabled: boolean;
  admins_need_two_factor: boolean;
}

/** The session `sid` with its user, or undefined (a prepared statement: every request asks). */
export async function readSessionActor(
  em: EntityManager,
  sid: string,
): Promise<ActorRow | undefined> {
  const pool = await em.getConnection().getNativeClient();
  return (await pool.query<ActorRow>(namedStatement(ACTOR_SQL, [sid]))).rows[0];
}
