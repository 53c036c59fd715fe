import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';
import { useTeam } from './use-team';

const NOBODY = 'none';

/** Picks a lead's owner among the active users, or nobody. */
export function OwnerSelect({
  label,
  value,
  onChange,
  placeholder,
  disabled,
  className,
}: {
  label: string;
  /** The current owner; undefined shows the placeholder (an action, not a value). */
  value?: number | null;
  onChange: (ownerId: number | null) => void;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}) {
  const { assignable, nameOf } = useTeam();
  const current = value === undefined ? '' : value === null ? NOBODY : String(value);
  // A deactivated owner is not offered, but the current one must still show.
  const inactiveOwner = value && !assignable.some((m) => m.id === value) ? value : null;
  return (
    <Select
      value={current}
      disabled={disabled}
      onValueChange={(v) => onChange(v === NOBODY ? null : Number(v))}
    >
      <SelectTrigger aria-label={label} className={className}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NOBODY}>Unassigned</SelectItem>
        {inactiveOwner && (
          <SelectItem value={String(inactiveOwner)}>{nameOf(inactiveOwner)}</SelectItem>
        )}
        {assignable.map((m) => (
          <SelectItem key={m.id} value={String(m.id)}>
            {m.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
