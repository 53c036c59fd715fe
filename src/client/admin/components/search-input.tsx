import { Search } from 'lucide-react';
import { Input } from '../../components/ui/input';

/** A labelled search box; its placeholder is the label with an ellipsis unless given. */
export function SearchInput({
  value,
  onChange,
  label,
  placeholder = `${label}...`,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
}) {
  return (
    <div className="relative min-w-0 flex-1">
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}
