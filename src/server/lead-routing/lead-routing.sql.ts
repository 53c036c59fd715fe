import type { EntityManager } from '@mikro-orm/postgresql';
import type { TLeadRouting } from '../../shared/contacts-bulk.schema';
import { AppError } from '../errors';
import { activeUserIds } from '../users/user-lookup.service';
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
    const found = await activeUserIds(tem, userIds);
    const missing = userIds.filter((id) => !found.includes(id));
    if (missing.length)
      throw new AppError('BAD_REQUEST', `No active user with id ${missing.join(', ')}`, 'userIds');
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
  const rows = await em.execute<{ user_id: number }[]>(
    `with members as (
       select m.user_id from lead_routing_members m join users u on u.id = m.user_id and u.is_active),
     n as (select count(*) as c from members)
     select user_id from members
      order by user_id
     offset (select case when c > 0 then (nextval('lead_routing_turn') - 1) % c else 0 end from n)
      limit 1`,
  );
  return rows[0]?.user_id ?? null;
}
