import { Badge, type BadgeTone } from '../../components/ui/badge';
import { capitalize, formatNumber } from '../lib/format';

interface CountItem {
  label: string;
  count: number;
  tone: BadgeTone;
  /** The count is a lower bound, shown as "1,000+". */
  atLeast?: boolean;
}

/** A badge per value, in the order given: the value capitalized ('Active'), its count and tone. */
export function countItems<K extends string>(
  counts: Record<K, number>,
  values: readonly K[],
  tone: (value: K) => BadgeTone,
  atLeast?: boolean,
): CountItem[] {
  return values.map((value) => ({
    label: capitalize(value),
    count: counts[value],
    tone: tone(value),
    atLeast,
  }));
}

/** Per-status counts under a toolbar: 'New 12', 'Contacted 3', ... */
export function CountBadges({ items, label }: { items: readonly CountItem[]; label: string }) {
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
