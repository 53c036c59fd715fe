import { OptionSelect, type SelectOption } from './option-select';

/** A labelled filter (status, priority): 'all' plus the listed values. */
export function FilterSelect<V extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly SelectOption<V>[];
}) {
  return (
    <OptionSelect
      label={label}
      value={value}
      onChange={onChange}
      options={options}
      className="sm:w-48"
    />
  );
}
