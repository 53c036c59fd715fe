import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { TUser } from '../../../shared/users.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListPage } from '../components/list-page';
import { filterUsers } from '../lib/filters';
import { displayName } from '../lib/format';
import { useCurrentUser } from '../use-current-user';
import { useUserMutations } from './use-users';
import { LeadRoutingCard } from './lead-routing-card';
import { UserCard } from './user-card';
import { AvailabilityEditor } from '../booking/availability-editor';
import { CalendarFeeds } from '../booking/calendar-feeds';
import { TitledDialog } from '../components/titled-dialog';
import { UserCreateDialog } from './user-create-dialog';
import { UserEditDialog } from './user-edit-dialog';
import { useBriefSearch, type BriefSearch } from '../lib/brief-search';

const USER_SEARCH: BriefSearch<TUser, never> = {
  items: 'users',
  match: filterUsers,
  noMatchHint: 'Try adjusting your search criteria',
};

/** Why a delete is not offered; the server refuses both cases too. */
function deleteRefusal(
  user: TUser,
  selfId: number | undefined,
  adminCount: number,
): string | undefined {
  if (user.id === selfId)
    return 'You cannot delete your own account. Ask another administrator to remove it.';
  if (user.role === 'admin' && adminCount <= 1)
    return 'The last administrator cannot be deleted. Make another user an admin first.';
  return undefined;
}

export function UsersPage() {
  const users = trpc.admin.users.list.useQuery();
  const me = useCurrentUser().data;
  const { remove } = useUserMutations();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TUser | null>(null);
  const [deleting, setDeleting] = useState<TUser | null>(null);
  const [hoursOf, setHoursOf] = useState<TUser | null>(null);

  const all = users.data ?? [];
  const { shown, list } = useBriefSearch(all, USER_SEARCH);
  const adminCount = all.filter((u) => u.role === 'admin' && u.isActive).length;

  return (
    <>
      <ListPage
        title="User Management"
        subtitle="Manage system users and their permissions"
        actions={
          <Button onClick={() => setCreating(true)}>
            <UserPlus aria-hidden /> Add User
          </Button>
        }
        total={{
          testId: 'users-total',
          label: 'Total users',
          count: all.length,
          besideToolbar: true,
        }}
        {...list}
        query={users}
        items="users"
        empty={{ title: 'No Users Yet', hint: 'Create your first user to get started.' }}
      >
        <LeadRoutingCard />
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Users">
          {shown.map((user, index) => (
            <li key={user.id}>
              <UserCard
                user={user}
                index={index}
                isSelf={user.id === me?.id}
                onEdit={() => setEditing(user)}
                onHours={() => setHoursOf(user)}
                onDelete={() => setDeleting(user)}
              />
            </li>
          ))}
        </ul>
      </ListPage>
      <UserCreateDialog open={creating} onOpenChange={setCreating} />
      {editing && (
        <UserEditDialog
          key={editing.id}
          user={editing}
          isLastAdmin={editing.role === 'admin' && adminCount <= 1}
          onClose={() => setEditing(null)}
        />
      )}
      {hoursOf && (
        <TitledDialog
          onClose={() => setHoursOf(null)}
          title={`Hours for Calls: ${displayName(hoursOf)}`}
          description="When leads can book a strategy call with this user, and the calendars that make them busy."
          className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
        >
          <AvailabilityEditor userId={hoursOf.id} />
          <h3 className="mt-6 text-base font-semibold text-slate-900">Connected Calendars</h3>
          <CalendarFeeds userId={hoursOf.id} />
        </TitledDialog>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={deleting ? `Delete ${displayName(deleting)}?` : 'Delete user?'}
        description={`The account ${deleting?.username ?? ''} (${deleting?.email ?? ''}) will be deleted and signed out everywhere. This cannot be undone.`}
        refusal={deleting ? deleteRefusal(deleting, me?.id, adminCount) : undefined}
        confirmLabel="Delete User"
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </>
  );
}
