import { TriangleAlert } from 'lucide-react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../components/page-header';
import { NotificationSettingsForm } from './notification-settings-form';
import { OutboxPanel } from './outbox-panel';
import { QueryState } from '../components/query-state';

function NotConfiguredBanner() {
  return (
    <section
      aria-label="Email status"
      className="mb-6 flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="min-w-0">
        <p className="font-semibold">Email is not configured: nothing is being sent.</p>
        <p className="mt-1">
          Set <code className="font-mono">SMTP_URL</code> (for example{' '}
          <code className="font-mono break-all">smtps://user:password@smtp.example.com:465</code>)
          and <code className="font-mono">MAIL_FROM</code> on the server and restart it. Until then
          each alert and auto-reply is recorded in the outbox as “Not configured”.
        </p>
      </div>
    </section>
  );
}

export function NotificationsPage() {
  const status = trpc.admin.notifications.status.useQuery();
  const settings = trpc.admin.notifications.settings.useQuery();
  return (
    <div>
      <PageHeader
        title="Notifications"
        subtitle="Who hears about a new lead, and what the lead hears back"
      />
      {status.data && !status.data.emailConfigured && <NotConfiguredBanner />}
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
        <Card className="xl:col-span-2">
          <CardHeader>
            <CardTitle>Lead Emails</CardTitle>
            <CardDescription>
              {status.data?.from
                ? `Sent from ${status.data.from}`
                : 'Alert recipients and templates'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <QueryState
              query={settings}
              loadingText="Loading settings..."
              errorTitle="Failed to load the settings"
            >
              {(initial) => <NotificationSettingsForm initial={initial} />}
            </QueryState>
          </CardContent>
        </Card>
        <OutboxPanel />
      </div>
    </div>
  );
}
