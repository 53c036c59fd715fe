import { Button } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { InlineLoadError, LoadingState } from '../components/page-states';
import { formatDateTime } from '../lib/format';
import { notifyError, notifySuccess, notifyWrite } from '../lib/notify';

/** "Chrome on Linux" from a user agent, enough to tell devices apart. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : userAgent.split(/[ /]/)[0] || 'Browser';
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return os ? `${browser} on ${os}` : browser;
}

/** Where the account is signed in; any other session can be signed out. */
export function SessionsCard() {
  const sessions = trpc.auth.sessions.useQuery();
  const utils = trpc.useUtils();
  const refresh = () => void utils.auth.sessions.invalidate();
  const revoke = trpc.auth.revokeSession.useMutation(
    notifyWrite('Session signed out', 'Failed to sign the session out', refresh),
  );
  const revokeOthers = trpc.auth.revokeOtherSessions.useMutation({
    onSuccess: (r) =>
      notifySuccess(`Signed out ${r.revoked} other ${r.revoked === 1 ? 'session' : 'sessions'}`),
    onError: (e) => notifyError('Failed to sign out other sessions', e),
    onSettled: refresh,
  });
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Active Sessions</CardTitle>
        <CardDescription>
          Where your account is signed in. Sign out anything you do not recognise.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <LoadingState text="Loading sessions..." />
        ) : sessions.isError ? (
          <InlineLoadError what="Sessions" message={sessions.error.message} />
        ) : (
          <>
            <ul className="divide-y divide-slate-200" aria-label="Sessions">
              {sessions.data.map((s) => (
                <li
                  key={s.id}
                  className="flex flex-wrap items-center gap-3 py-3"
                  data-testid="session"
                >
                  <div className="min-w-0 flex-1">
                    <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
                      {deviceName(s.userAgent)}
                      {s.current && <Badge tone="green">This device</Badge>}
                    </p>
                    <p className="text-xs text-slate-600">
                      {s.ip ?? 'Unknown IP'} · signed in {formatDateTime(s.createdAt)} · last seen{' '}
                      {formatDateTime(s.lastSeenAt)}
                    </p>
                  </div>
                  {!s.current && (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={revoke.isPending}
                      aria-label={`Sign out ${deviceName(s.userAgent)} (${s.ip ?? 'unknown IP'})`}
                      onClick={() => revoke.mutate({ id: s.id })}
                    >
                      Sign Out
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            <Button
              className="mt-3"
              variant="secondary"
              disabled={others === 0 || revokeOthers.isPending}
              onClick={() => revokeOthers.mutate()}
            >
              Sign Out All Other Sessions
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
