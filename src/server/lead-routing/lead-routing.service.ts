import type { EntityManager } from '@mikro-orm/postgresql';
import type { TLeadRouting } from '../../shared/contacts-bulk.schema';
import { AppError } from '../errors';
import { User } from '../users/user.entity';
import { LeadRoutingMember } from './lead-routing-member.entity';

export async function getLeadRouting(em: EntityManager): Promise<TLeadRouting> {
  const members = await em.find(LeadRoutingMember, {}, { orderBy: { user: 'asc' } });
  return { userIds: members.map((m) => m.user.id) };
}

/** Replaces who takes new leads in turn; members who stay keep their place in the rotation. */
export async function setLeadRouting(
  em: EntityManager,
  input: TLeadRouting,
): Promise<TLeadRouting> {
  const userIds = [...new Set(input.userIds)];
  return em.transactional(async (tem) => {
    const found = await tem.find(
      User,
      { id: { $in: userIds }, isActive: true },
      { fields: ['id'] },
    );
    const missing = userIds.filter((id) => !found.some((u) => u.id === id));
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
 * The owner of a lead arriving now, inside the caller's transaction: the active member assigned
 * least recently, or null when round-robin is off. SKIP LOCKED lets concurrent submissions
 * (on any instance) each take a different member instead of queueing behind one another.
 */
export async function nextLeadOwner(em: EntityManager): Promise<number | null> {
  const rows = await em.execute<{ user_id: number }[]>(
    `update lead_routing_members set last_assigned_at = clock_timestamp()
      where user_id = (
        select m.user_id from lead_routing_members m join users u on u.id = m.user_id and u.is_active
         order by m.last_assigned_at nulls first, m.user_id
         limit 1 for update of m skip locked)
      returning user_id`,
  );
  return rows[0]?.user_id ?? null;
}
