import { useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { notifyError, notifySuccess } from '../lib/notify';
import { useTeam } from '../contacts/use-team';

/**
 * Round-robin lead assignment: the users ticked here take new website and API leads in turn;
 * none ticked turns it off.
 */
export function LeadRoutingCard() {
  const routing = trpc.admin.leadRouting.get.useQuery();
  const { assignable } = useTeam();
  const [edited, setEdited] = useState<ReadonlySet<number> | null>(null);
  const saved = new Set(routing.data?.userIds ?? []);
  const chosen = edited ?? saved;
  const utils = trpc.useUtils();
  const save = trpc.admin.leadRouting.update.useMutation({
    onSuccess: (result) => {
      setEdited(null);
      notifySuccess(
        result.userIds.length
          ? `New leads go in turn to ${result.userIds.length} ${result.userIds.length === 1 ? 'user' : 'users'}`
          : 'Round-robin assignment is off',
      );
    },
    onError: (e) => notifyError('Failed to save lead routing', e),
    onSettled: () => utils.admin.leadRouting.invalidate(),
  });

  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setEdited(next);
  };

  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>Lead Routing</CardTitle>
        <CardDescription>
          {saved.size
            ? `Round-robin is on: new leads are assigned in turn to ${saved.size} ${saved.size === 1 ? 'user' : 'users'}.`
            : 'Round-robin is off: new leads arrive unassigned. Tick users to share new leads among them in turn.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset>
          <legend className="sr-only">Users who take new leads in turn</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {assignable.map((m) => (
              <label key={m.id} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-4 accent-indigo-600"
                  checked={chosen.has(m.id)}
                  onChange={() => toggle(m.id)}
                />
                {m.name}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 flex gap-2">
          <Button
            size="sm"
            disabled={edited === null || save.isPending}
            onClick={() => save.mutate({ userIds: [...chosen] })}
          >
            Save Routing
          </Button>
          {edited !== null && (
            <Button size="sm" variant="ghost" onClick={() => setEdited(null)}>
              Cancel
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
