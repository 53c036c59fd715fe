import { Activity, Target, TrendingUp, type LucideIcon } from 'lucide-react';
import { Card } from '../../components/ui/card';

function RateCard({
  title,
  value,
  hint,
  icon: Icon,
}: {
  title: string;
  value: number;
  hint: string;
  icon: LucideIcon;
}) {
  return (
    <Card className="p-5" data-testid={`rate-${title}`}>
      <div className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <Icon className="size-4 text-primary" aria-hidden />
        {title}
      </div>
      <p className="mt-2 text-3xl font-bold tabular-nums text-slate-900">{value}%</p>
      <p className="mt-1 text-xs text-slate-600">{hint}</p>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
        <div className="h-full rounded-full bg-accent" style={{ width: `${value}%` }} />
      </div>
    </Card>
  );
}

export function RateCards({
  conversionRate,
  engagementScore,
  activeRate,
}: {
  conversionRate: number;
  engagementScore: number;
  activeRate: number;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
      <RateCard
        title="Conversion Rate"
        value={conversionRate}
        hint="Contacts converted to customers"
        icon={TrendingUp}
      />
      <RateCard
        title="Engagement Score"
        value={engagementScore}
        hint="Qualified leads and conversions"
        icon={Target}
      />
      <RateCard
        title="Active Rate"
        value={activeRate}
        hint="Active campaigns running"
        icon={Activity}
      />
    </div>
  );
}
