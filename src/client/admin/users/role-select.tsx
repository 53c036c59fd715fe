import { ROLES, type TRole } from '../../../shared/users.schema';
import { Label } from '../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { capitalize } from '../lib/format';

/** Role choice (admin, user); `lockedReason` disables it and says why. */
export function RoleSelect({
  id,
  value,
  onChange,
  lockedReason,
}: {
  id: string;
  value: TRole;
  onChange: (role: TRole) => void;
  lockedReason?: string;
}) {
  return (
    <div>
      <Label htmlFor={id}>Role</Label>
      <Select
        value={value}
        onValueChange={(v) => onChange(v as TRole)}
        disabled={Boolean(lockedReason)}
      >
        <SelectTrigger id={id} aria-describedby={lockedReason ? `${id}-hint` : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {ROLES.map((role) => (
            <SelectItem key={role} value={role}>
              {capitalize(role)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {lockedReason && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {lockedReason}
        </p>
      )}
    </div>
  );
}
