import { timeZoneChoices } from '../../shared/time-zone';
import { FIELD_CLASS } from './ui/control-styles';

const CHOICES = timeZoneChoices();

/**
 * Every IANA zone the product accepts, UTC first; a saved or detected zone the list lacks (an old
 * alias) stays selectable. The one native select of the app (see docs/ARCHITECTURE.md): about 400
 * entries, where the browser's own list finds a zone as one types its name and a phone shows its
 * wheel.
 */
export function TimeZoneSelect({
  id,
  value,
  onChange,
  disabled,
  className = FIELD_CLASS,
}: {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <select
      id={id}
      className={className}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    >
      {[...new Set([value, ...CHOICES])].map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll('_', ' ')}
        </option>
      ))}
    </select>
  );
}
