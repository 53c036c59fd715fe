import { useMemo } from 'react';
import type { TUser } from '../../../shared/users.schema';
import { trpc } from '../../lib/trpc';

export interface TeamMember {
  id: number;
  name: string;
  active: boolean;
  /** Signs in to the back office (takes tasks). */
  backOffice: boolean;
}

const displayName = (u: TUser) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.username;

/**
 * The users leads can belong to, by display name: `assignable` (active, who sign in to the back
 * office, A-Z) for the owner, routing and task pickers, and `nameOf` for any owner id, including
 * a deactivated user's.
 */
export function useTeam() {
  const users = trpc.admin.users.list.useQuery(undefined, { staleTime: 60_000 });
  return useMemo(() => {
    const members: TeamMember[] = (users.data ?? []).map((u) => ({
      id: u.id,
      name: displayName(u),
      active: u.isActive,
      backOffice: u.isActive && u.role === 'admin',
    }));
    const byId = new Map(members.map((m) => [m.id, m]));
    return {
      // Leads, calls and tasks go only to those who sign in to the back office.
      assignable: members.filter((m) => m.backOffice).sort((a, b) => a.name.localeCompare(b.name)),
      nameOf: (id: number | null) => (id === null ? null : (byId.get(id)?.name ?? `User #${id}`)),
    };
  }, [users.data]);
}
