import { OptionSelect } from '../components/option-select';
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
  id,
}: {
  /** Names the select; with `id`, a visible <Label htmlFor={id}> names it instead. */
  label: string;
  id?: string;
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
    <OptionSelect
      value={current}
      id={id}
      label={id ? undefined : label}
      placeholder={placeholder}
      disabled={disabled}
      className={className}
      options={[
        { value: NOBODY, label: 'Unassigned' },
        ...(inactiveOwner
          ? [
              {
                value: String(inactiveOwner),
                label: nameOf(inactiveOwner) ?? `User #${inactiveOwner}`,
              },
            ]
          : []),
        ...assignable.map((m) => ({ value: String(m.id), label: m.name })),
      ]}
      onChange={(v) => onChange(v === NOBODY ? null : Number(v))}
    />
  );
}
