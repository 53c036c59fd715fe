// Who is signed in: the one query every signed-in request makes first.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type CompiledQuery } from 'kysely';
import type { TRole } from '../../shared/users.schema';
import { namedRows } from '../db/named-statement';
import { typedSql } from '../db/typed-sql';
import { SecuritySettings } from '../security-center/security-settings.entity';
import { User } from '../users/user.entity';
import { Session } from './session.entity';

export interface ActorRow {
  id: string;
  /** Epoch milliseconds: a number to compare, where the pool would answer timestamp text. */
  expires_ms: number;
  idle_expires_ms: number;
  user_id: number;
  username: string;
  role: TRole;
  first_name: string | null;
  last_name: string | null;
  time_zone: string | null;
  is_active: boolean;
  two_factor_enabled: boolean;
  admins_need_two_factor: boolean;
}

/**
 * The session, its user and the admins' two-factor rule in one round trip: every signed-in
 * request asks this first, and the ORM's entity hydration cost more than the query.
 */
const actorQuery = (em: EntityManager, sid: string) =>
  typedSql(em, [Session, User, SecuritySettings])
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select((eb) => [
      's.id',
      sql<number>`extract(epoch from ${eb.ref('s.expires_at')})::float8 * 1000`.as('expires_ms'),
      sql<number>`extract(epoch from ${eb.ref('s.idle_expires_at')})::float8 * 1000`.as(
        'idle_expires_ms',
      ),
      'u.id as user_id',
      'u.username',
      'u.role',
      'u.first_name',
      'u.last_name',
      'u.time_zone',
      'u.is_active',
      // PostgreSQL answers a boolean (SqlBool also allows MySQL's 0 and 1).
      eb('u.two_factor_enabled_at', 'is not', null).$castTo<boolean>().as('two_factor_enabled'),
      eb.fn
        .coalesce(
          eb
            .selectFrom('security_settings')
            .select('require_admin_two_factor')
            .where('id', '=', sql.lit(1)),
          sql.lit(false),
        )
        .as('admins_need_two_factor'),
    ])
    .where('s.id', '=', sid);

/** The statement, built and compiled once: only the session id, its one parameter, changes. */
let statement: CompiledQuery<ActorRow> | undefined;

/** The session `sid` with its user, or undefined (a prepared statement: every request asks). */
export async function readSessionActor(
  em: EntityManager,
  sid: string,
): Promise<ActorRow | undefined> {
  statement ??= actorQuery(em, '').compile() as CompiledQuery<ActorRow>;
  const rows = await namedRows<ActorRow>(em, { ...statement, parameters: [sid] });
  return rows[0];
}
