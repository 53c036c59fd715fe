import { ArrowRight, Briefcase, Mail, Megaphone, Users } from 'lucide-react';
import { useCurrentUser } from '../use-current-user';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../components/page-header';
import { BookedCallsPanel } from '../analytics/booked-calls-panel';
import { SpeedToLeadPanel } from '../analytics/speed-to-lead-panel';
import { StatTile } from '../components/stat-tile';
import { QueryState } from '../components/query-state';
import { StatusBreakdowns } from '../analytics/status-breakdowns';
import { MyDayPanel } from './my-day-panel';

const QUICK_ACTIONS = [
  {
    href: '/contacts',
    label: 'Manage Contacts',
    hint: 'Review and update submissions',
    icon: Mail,
  },
  { href: '/users', label: 'Manage Users', hint: 'Add or edit admin accounts', icon: Users },
  {
    href: '/campaigns',
    label: 'Manage Campaigns',
    hint: 'Create and run campaigns',
    icon: Megaphone,
  },
] as const;

export function DashboardPage() {
  const summary = trpc.analytics.summary.useQuery();
  const me = useCurrentUser();
  return (
    <div>
      <PageHeader
        title="Dashboard"
        subtitle="An overview of contacts, users, inquiries and campaigns"
      />
      <QueryState
        query={summary}
        loadingText="Loading dashboard..."
        errorTitle="The dashboard could not be loaded"
      >
        {(data) => (
          <div className="space-y-6">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <StatTile label="Total Contacts" value={data.totalContacts} icon={Mail} />
              <StatTile label="Total Users" value={data.totalUsers} icon={Users} />
              <StatTile
                label="Service Inquiries"
                value={data.totalServiceInquiries}
                icon={Briefcase}
              />
              <StatTile
                label="Active Campaigns"
                value={data.campaignsByStatus.active ?? 0}
                icon={Megaphone}
              />
            </div>
            {me.data?.role === 'admin' && <MyDayPanel userId={me.data.id} />}
            <StatusBreakdowns
              data={data}
              contactTitle="Contact Status Breakdown"
              campaignTitle="Campaign Status Breakdown"
            />
            <SpeedToLeadPanel data={data} />
            <BookedCallsPanel data={data} />
            <Card>
              <CardHeader>
                <CardTitle>Quick Actions</CardTitle>
              </CardHeader>
              <CardContent className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                {QUICK_ACTIONS.map(({ href, label, hint, icon: Icon }) => (
                  <Link
                    key={href}
                    href={href}
                    className="group flex items-center gap-3 rounded-lg border border-slate-200 p-4 hover:border-primary hover:bg-primary-50"
                  >
                    <Icon className="size-5 text-primary" aria-hidden />
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-semibold text-slate-900">{label}</span>
                      <span className="block text-xs text-slate-600">{hint}</span>
                    </span>
                    <ArrowRight
                      className="size-4 text-slate-400 group-hover:text-primary"
                      aria-hidden
                    />
                  </Link>
                ))}
              </CardContent>
            </Card>
          </div>
        )}
      </QueryState>
    </div>
  );
}
