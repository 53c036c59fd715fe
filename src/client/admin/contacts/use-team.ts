import { useMemo } from 'react';
import type { TUser } from '../../../shared/users.schema';
import { trpc } from '../../lib/trpc';

export interface TeamMember {
  id: number;
  name: string;
  active: boolean;
}

const displayName = (u: TUser) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.username;

/**
 * The users leads can belong to, by display name: `assignable` (active, A-Z) for pickers, and
 * `nameOf` for any owner id, including a deactivated user's.
 */
export function useTeam() {
  const users = trpc.admin.users.list.useQuery(undefined, { staleTime: 60_000 });
  return useMemo(() => {
    const members: TeamMember[] = (users.data ?? []).map((u) => ({
      id: u.id,
      name: displayName(u),
      active: u.isActive,
    }));
    const byId = new Map(members.map((m) => [m.id, m]));
    return {
      assignable: members.filter((m) => m.active).sort((a, b) => a.name.localeCompare(b.name)),
      nameOf: (id: number | null) => (id === null ? null : (byId.get(id)?.name ?? `User #${id}`)),
    };
  }, [users.data]);
}
