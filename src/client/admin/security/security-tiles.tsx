import { Bot, CalendarX2, CheckCircle2, Gauge, ShieldAlert } from 'lucide-react';
import type { TSecurityPeriod } from '../../../shared/security.schema';
import { trpc } from '../../lib/trpc';
import { EmptyState, LoadingState } from '../components/page-states';
import { StatTile } from '../components/stat-tile';
import { formatNumber } from '../lib/format';
import { PageViewCaps } from './page-view-caps';

const PERIOD_TEXT: Record<TSecurityPeriod, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};

/** The four tiles, from the server's stored events. Nothing is shown that the server did not say. */
export function SecurityTiles({ period }: { period: TSecurityPeriod }) {
  const stats = trpc.admin.security.stats.useQuery({ period });
  if (stats.isPending) return <LoadingState text="Loading security figures..." />;
  if (stats.isError) {
    return (
      <EmptyState
        title="No security data yet"
        hint="The security service has not reported any figures yet. They appear here once it does."
      />
    );
  }
  const s = stats.data;
  const when = PERIOD_TEXT[s.period];
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatTile
        label="Blocked Threats"
        value={s.blockedThreats}
        subtitle={when}
        icon={ShieldAlert}
      />
      <StatTile label="Rate Limited" value={s.rateLimited} subtitle={when} icon={Gauge} />
      <StatTile label="Bot Detection" value={s.botDetections} subtitle={when} icon={Bot} />
      <StatTile
        label="Clean Submissions"
        value={s.cleanSubmissionsPercent}
        suffix="%"
        subtitle={`${s.cleanSubmissions} clean · ${when}`}
        icon={CheckCircle2}
      />
      <p
        className="text-sm text-slate-600 sm:col-span-2 xl:col-span-4"
        data-testid="refused-bookings"
      >
        <CalendarX2 className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />
        {formatNumber(s.refusedBookings)} {s.refusedBookings === 1 ? 'booking' : 'bookings'} refused
        by the booking caps · {when}
      </p>
      <PageViewCaps today={s.pageViewsToday} />
    </div>
  );
}
