import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select';

/**
 * A labelled filter (status, priority): 'all' plus the listed values. Generic over the values'
 * type: what it hands on is the option itself, found in the list, never a string cast to it.
 */
export function FilterSelect<V extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
}) {
  return (
    <Select
      value={value}
      onValueChange={(picked) => {
        const option = options.find((o) => o.value === picked);
        if (option) onChange(option.value);
      }}
    >
      <SelectTrigger aria-label={label} className="sm:w-48">
        <SelectValue />
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
