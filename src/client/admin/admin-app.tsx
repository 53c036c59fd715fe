import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Route, Switch } from 'wouter';
import { createQueryClient } from '../lib/query-client';
import { createTrpcClient, trpc } from '../lib/trpc';
import { AdminGuard } from './admin-guard';
import { AdminNotFound } from './admin-not-found';
import { AccountPage } from './account/account-page';
import { MyCalendarPage } from './booking/my-calendar-page';
import { AnalyticsPage } from './analytics/analytics-page';
import { AuditLogPage } from './audit-log/audit-log-page';
import { CampaignsPage } from './campaigns/campaigns-page';
import { ContactsPage } from './contacts/contacts-page';
import { ContactPage } from './contacts/contact-page';
import { MeetingsPage } from './meetings/meetings-page';
import { TasksPage } from './tasks/tasks-page';
import { DashboardPage } from './dashboard/dashboard-page';
import { ServiceInquiriesPage } from './inquiries/service-inquiries-page';
import { AdminShell } from './layout/admin-shell';
import { LegacyContactsPage } from './legacy/legacy-contacts-page';
import { NotificationsPage } from './notifications/notifications-page';
import { LoginPage } from './pages/login-page';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { SecurityPage } from './security/security-page';
import { UsersPage } from './users/users-page';
import { WebhooksPage } from './webhooks/webhooks-page';
import { IntegrationKeysPage } from './integration-keys/integration-keys-page';
import { PrivacyPage } from './privacy/privacy-page';
// The whole app's stylesheet comes with the back office; public pages inline their own.
import '../index.css';

/** The back office: its own providers; routes are relative to /admin (wouter nest). */
export function AdminApp() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Switch>
          <Route path="/login" component={LoginPage} />
          <Route path="/forgot-password" component={ForgotPasswordPage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route>
            {/* One guard and one shell for every other admin path, so the sidebar persists. */}
            <AdminGuard>
              <AdminShell>
                <Switch>
                  <Route path="/" component={DashboardPage} />
                  <Route path="/contacts" component={ContactsPage} />
                  <Route path="/contacts/:id" component={ContactPage} />
                  <Route path="/meetings" component={MeetingsPage} />
                  <Route path="/tasks" component={TasksPage} />
                  <Route path="/users" component={UsersPage} />
                  <Route path="/service-inquiries" component={ServiceInquiriesPage} />
                  <Route path="/campaigns" component={CampaignsPage} />
                  <Route path="/analytics" component={AnalyticsPage} />
                  <Route path="/security" component={SecurityPage} />
                  <Route path="/notifications" component={NotificationsPage} />
                  <Route path="/webhooks" component={WebhooksPage} />
                  <Route path="/api-keys" component={IntegrationKeysPage} />
                  <Route path="/privacy" component={PrivacyPage} />
                  <Route path="/audit-log" component={AuditLogPage} />
                  <Route path="/account" component={AccountPage} />
                  <Route path="/calendar" component={MyCalendarPage} />
                  <Route path="/legacy" component={LegacyContactsPage} />
                  <Route component={AdminNotFound} />
                </Switch>
              </AdminShell>
            </AdminGuard>
          </Route>
        </Switch>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
