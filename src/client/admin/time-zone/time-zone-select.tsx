import { timeZoneChoices } from '../../../shared/time-zone';
import { FIELD_CLASS } from '../../components/ui/control-styles';

const CHOICES = timeZoneChoices();

/** Every IANA zone, UTC first; a saved zone the list lacks (an old alias) stays selectable. */
export function TimeZoneSelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  disabled?: boolean;
}) {
  return (
    <select
      id={id}
      className={FIELD_CLASS}
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
