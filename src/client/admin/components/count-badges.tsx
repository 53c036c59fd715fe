import { Badge, type BadgeTone } from '../../components/ui/badge';
import { formatNumber } from '../lib/format';

/** Per-status counts under a toolbar: 'New 12', 'Contacted 3', ... */
export function CountBadges({
  items,
  label,
}: {
  /** `atLeast`: the count is a lower bound, shown as "1,000+". */
  items: readonly { label: string; count: number; tone: BadgeTone; atLeast?: boolean }[];
  label: string;
}) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item.label}>
          <Badge tone={item.tone} data-testid={`count-${item.label}`}>
            {item.label}{' '}
            <span className="tabular-nums">
              {formatNumber(item.count)}
              {item.atLeast ? '+' : ''}
            </span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}
