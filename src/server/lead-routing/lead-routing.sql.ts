import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TLeadRouting } from '../../shared/contacts-bulk.schema';
import { typedSql } from '../db/typed-sql';
import { AppError } from '../errors';
import { backOfficeUserIds } from '../users/user-lookup.service';
import { User } from '../users/user.entity';
import { LeadRoutingMember } from './lead-routing-member.entity';

export async function getLeadRouting(em: EntityManager): Promise<TLeadRouting> {
  const members = await em.find(LeadRoutingMember, {}, { orderBy: { user: 'asc' } });
  return { userIds: members.map((m) => m.user.id) };
}

/** Replaces who takes new leads in turn. */
export async function setLeadRouting(
  em: EntityManager,
  input: TLeadRouting,
): Promise<TLeadRouting> {
  const userIds = [...new Set(input.userIds)];
  return em.transactional(async (tem) => {
    const found = await backOfficeUserIds(tem, userIds);
    const missing = userIds.filter((id) => !found.includes(id));
    if (missing.length)
      throw new AppError(
        'BAD_REQUEST',
        `No active back-office user with id ${missing.join(', ')} (leads go to someone who signs in)`,
        'userIds',
      );
    await tem.nativeDelete(LeadRoutingMember, { user: { $nin: userIds } });
    if (userIds.length)
      await tem
        .createQueryBuilder(LeadRoutingMember)
        .insert(userIds.map((id) => ({ user: id })))
        .onConflict('user')
        .ignore()
        .execute();
    return getLeadRouting(tem);
  });
}

/**
 * The owner of a lead arriving now, or null when round-robin is off: the active members in id
 * order take turns, the turn drawn from a sequence, so simultaneous leads on any instance each
 * get the next member without waiting on a lock (a rolled-back lead only skips one turn).
 */
export async function nextLeadOwner(em: EntityManager): Promise<number | null> {
  const row = await typedSql(em, [LeadRoutingMember, User])
    .with('members', (db) =>
      db
        .selectFrom('lead_routing_members as m')
        .innerJoin('users as u', (join) =>
          join
            .onRef('u.id', '=', 'm.user_id')
            .on((eb) => eb.ref('u.is_active'))
            .on('u.role', '=', 'admin'),
        )
        .select('m.user_id'),
    )
    .with('n', (db) => db.selectFrom('members').select(({ fn }) => fn.countAll().as('c')))
    .selectFrom('members')
    .select('user_id')
    .orderBy('user_id')
    .offset((eb) =>
      eb.selectFrom('n').select((n) =>
        n
          .case()
          .when('c', '>', 0)
          .then(sql<number>`(nextval('lead_routing_turn') - 1) % c`)
          .else(0)
          .end()
          .as('turn'),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  return row?.user_id ?? null;
}
