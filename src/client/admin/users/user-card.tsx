import { CalendarClock, Pencil, Trash2 } from 'lucide-react';
import type { TUser } from '../../../shared/users.schema';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu';
import { CardMenu } from '../components/card-menu';
import { capitalize, displayName, formatDate } from '../lib/format';
import { UserInitial } from '../components/user-initial';

/** The product (docs/PRODUCT.md): cards animate in with a 0.05 s step; capped so long lists do not wait seconds. */
const STAGGER_S = 0.05;
const MAX_STAGGERED = 20;

export function UserCard({
  user,
  index,
  isSelf,
  onEdit,
  onHours,
  onDelete,
}: {
  user: TUser;
  index: number;
  isSelf: boolean;
  onEdit: () => void;
  onHours: () => void;
  onDelete: () => void;
}) {
  const name = displayName(user);
  return (
    <Card
      className="p-4 motion-safe:animate-fade-up"
      style={{ animationDelay: `${Math.min(index, MAX_STAGGERED) * STAGGER_S}s` }}
      data-testid="user-card"
    >
      <div className="flex items-start gap-3">
        <UserInitial user={user} className="size-11 bg-primary-50 text-base text-primary" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate text-base font-semibold text-slate-900">{name}</h3>
            <Badge tone={user.role === 'admin' ? 'indigo' : 'gray'}>{capitalize(user.role)}</Badge>
            {isSelf && <Badge tone="green">You</Badge>}
          </div>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
        </div>
        <CardMenu label={`Actions for ${name}`}>
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden /> Edit User
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onHours}>
            <CalendarClock aria-hidden /> Hours for Calls
          </DropdownMenuItem>
          <DropdownMenuItem destructive onSelect={onDelete}>
            <Trash2 aria-hidden /> Delete User
          </DropdownMenuItem>
        </CardMenu>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 border-t border-slate-100 pt-3 text-xs">
        <div>
          <dt className="text-slate-500">Username</dt>
          <dd className="truncate font-medium text-slate-800">{user.username}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Created</dt>
          <dd className="font-medium tabular-nums text-slate-800">{formatDate(user.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Updated</dt>
          <dd className="font-medium tabular-nums text-slate-800">{formatDate(user.updatedAt)}</dd>
        </div>
      </dl>
    </Card>
  );
}
