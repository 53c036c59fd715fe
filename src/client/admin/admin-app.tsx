import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Route, Switch } from 'wouter';
import { createQueryClient } from '../lib/query-client';
import { createTrpcClient, trpc } from '../lib/trpc';
import { NotFoundPage } from '../public/pages/not-found-page';
import { AdminGuard } from './admin-guard';
import { AdminPlaceholder } from './pages/admin-placeholder';
import { LoginPage } from './pages/login-page';

/** The back office: its own providers, routes relative to /admin. */
export function AdminApp() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Switch>
          <Route path="/login" component={LoginPage} />
          <Route path="/">
            <AdminGuard>
              <AdminPlaceholder title="Dashboard" />
            </AdminGuard>
          </Route>
          {(
            [
              ['/contacts', 'Contacts'],
              ['/users', 'User Management'],
              ['/service-inquiries', 'Service Inquiries'],
              ['/campaigns', 'Campaign Management'],
              ['/analytics', 'Analytics Dashboard'],
              ['/security', 'Security Center'],
              ['/legacy', 'Contacts (legacy)'],
            ] as const
          ).map(([path, title]) => (
            <Route key={path} path={path}>
              <AdminGuard>
                <AdminPlaceholder title={title} />
              </AdminGuard>
            </Route>
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
