import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

/**
 * The one select of the back office, generic over its values: what it hands on is the option
 * found in the list (never a string cast to the type). `value` '' shows the placeholder (for a
 * select that is an action, such as "Set status").
 */
export function OptionSelect<V extends string>({
  value,
  options,
  onChange,
  placeholder,
  disabled,
  id,
  label,
  className,
  describedBy,
}: {
  value: V | '' | undefined;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  placeholder?: string;
  disabled?: boolean;
  /** With a visible <Label htmlFor={id}>; without one, `label` names the select. */
  id?: string;
  label?: string;
  className?: string;
  describedBy?: string;
}) {
  return (
    <Select
      value={value}
      disabled={disabled}
      onValueChange={(picked) => {
        const option = options.find((o) => o.value === picked);
        if (option) onChange(option.value);
      }}
    >
      <SelectTrigger
        id={id}
        aria-label={id ? undefined : label}
        aria-describedby={describedBy}
        className={className}
      >
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
