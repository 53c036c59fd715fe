import { keepPreviousData } from '@tanstack/react-query';
import { Briefcase, Mail, Megaphone, Users, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import type { TAnalyticsSummary } from '../../../shared/analytics.schema';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../components/page-header';
import { StatTile } from '../components/stat-tile';
import { analyticsRates } from '../lib/analytics-math';
import { formatNumber } from '../lib/format';
import { BookedCallsPanel } from './booked-calls-panel';
import { CompanyTimeZone } from './company-time-zone';
import { ContactsPerDayChart } from './contacts-per-day-chart';
import { ConversionFunnel } from './conversion-funnel';
import { RateCards } from './rate-cards';
import { SpeedToLeadPanel } from './speed-to-lead-panel';
import { QueryState } from '../components/query-state';
import { StatusBreakdowns } from './status-breakdowns';
import { WebsitePanel } from './website-panel';
import { FunnelPanel } from './funnel-panel';

/** The four totals at the top, each a figure of the summary. */
const TOTALS = [
  {
    key: 'totalContacts',
    label: 'Total Contacts',
    subtitle: 'Customer inquiries received',
    icon: Mail,
  },
  { key: 'totalUsers', label: 'System Users', subtitle: 'Active admin users', icon: Users },
  {
    key: 'totalServiceInquiries',
    label: 'Service Inquiries',
    subtitle: 'Detailed service requests',
    icon: Briefcase,
  },
  {
    key: 'totalCampaigns',
    label: 'Marketing Campaigns',
    subtitle: 'Active and completed campaigns',
    icon: Megaphone,
  },
] as const satisfies readonly {
  key: keyof TAnalyticsSummary;
  label: string;
  subtitle: string;
  icon: LucideIcon;
}[];

export function AnalyticsPage() {
  const [days, setDays] = useState(30);
  // The previous period's figures stay on screen while another period loads.
  const summary = trpc.analytics.summary.useQuery({ days }, { placeholderData: keepPreviousData });
  return (
    <div>
      <PageHeader
        title="Analytics Dashboard"
        subtitle="Comprehensive insights into your business performance"
      />
      <QueryState
        query={summary}
        loadingText="Loading analytics..."
        errorTitle="Analytics could not be loaded"
      >
        {(data) => <AnalyticsBody data={data} onDaysChange={setDays} />}
      </QueryState>
    </div>
  );
}

type Summary = TAnalyticsSummary;

function AnalyticsBody({
  data,
  onDaysChange,
}: {
  data: Summary;
  onDaysChange: (days: number) => void;
}) {
  const rates = analyticsRates(
    data.contactsByStatus,
    data.campaignsByStatus,
    data.totalContacts,
    data.totalCampaigns,
  );
  const summaryRows: [string, number][] = [
    ['Total Inquiries', data.totalContacts],
    ['Contacts Reached', data.contactsByStatus.contacted ?? 0],
    ['Successful Conversions', data.contactsByStatus.converted ?? 0],
    ['Active Campaigns', data.campaignsByStatus.active ?? 0],
  ];
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {TOTALS.map((tile) => (
          <StatTile
            key={tile.key}
            label={tile.label}
            subtitle={tile.subtitle}
            icon={tile.icon}
            value={data[tile.key]}
          />
        ))}
      </div>
      <StatusBreakdowns
        data={data}
        contactTitle="Contact Status Distribution"
        campaignTitle="Campaign Performance"
      />
      <SpeedToLeadPanel data={data} onDaysChange={onDaysChange} />
      <WebsitePanel days={data.days} />
      <FunnelPanel days={data.days} />
      <BookedCallsPanel data={data} />
      <RateCards {...rates} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ContactsPerDayChart days={data.contactsPerDay} timeZone={data.timeZone} />
        <ConversionFunnel contactsByStatus={data.contactsByStatus} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Business Summary</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
            {summaryRows.map(([label, value]) => (
              <div
                key={label}
                className="rounded-lg bg-slate-50 p-4"
                data-testid={`summary-${label}`}
              >
                <dt className="text-xs font-medium text-slate-600">{label}</dt>
                <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">
                  {formatNumber(value)}
                </dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <CompanyTimeZone timeZone={data.timeZone} />
    </div>
  );
}
