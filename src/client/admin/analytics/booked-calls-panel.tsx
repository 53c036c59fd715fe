import { CalendarCheck } from 'lucide-react';
import type { TAnalyticsSummary } from '../../../shared/analytics.schema';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { formatNumber } from '../lib/format';
import { Figure, minutesText } from './speed-to-lead-panel';

/** Calls booked in the period, how many leads booked within a week and how many calls were missed. */
export function BookedCallsPanel({ data }: { data: Pick<TAnalyticsSummary, 'days' | 'bookings'> }) {
  const b = data.bookings;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarCheck className="size-5 text-primary" aria-hidden /> Booked Calls
        </CardTitle>
        <CardDescription>
          Calls booked in the last {data.days} days; a lead counts as booked when it books within 7
          days
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
          <Figure label="Booked calls" value={formatNumber(b.booked)} testId="booked-calls" />
          <Figure label="Leads booked" value={`${b.bookedRatePct}%`} testId="booked-rate" />
          <Figure
            label="Median time to booking"
            value={minutesText(b.medianMinutesToBooking)}
            testId="booked-median"
          />
          <Figure label="No-show rate" value={`${b.noShowRatePct}%`} testId="booked-no-show" />
        </dl>
      </CardContent>
    </Card>
  );
}
