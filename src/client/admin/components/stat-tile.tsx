import type { LucideIcon } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { formatNumber } from '../lib/format';

/** One headline figure: label, big tabular number, optional subtitle. */
export function StatTile({
  label,
  value,
  subtitle,
  icon: Icon,
  suffix,
}: {
  label: string;
  value: number | string;
  subtitle?: string;
  icon: LucideIcon;
  suffix?: string;
}) {
  return (
    <Card className="p-5" data-testid={`tile-${label}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{label}</p>
          <p className="mt-1 text-3xl font-bold tabular-nums tracking-tight text-slate-900">
            {typeof value === 'number' ? formatNumber(value) : value}
            {suffix}
          </p>
          {subtitle && <p className="mt-1 text-xs text-slate-600">{subtitle}</p>}
        </div>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary">
          <Icon className="size-5" aria-hidden />
        </span>
      </div>
    </Card>
  );
}
