import { ChevronDown, ChevronUp, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TWebhook } from '../../../shared/webhooks.schema';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Switch } from '../../components/ui/switch';
import { formatDate } from '../lib/format';
import { WebhookDeliveries } from './webhook-deliveries';

export function WebhookCard({
  webhook,
  toggling,
  onToggle,
  onEdit,
  onDelete,
}: {
  webhook: TWebhook;
  toggling: boolean;
  onToggle: (enabled: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="p-4" data-testid="webhook-card">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className="break-all font-mono text-sm font-medium text-slate-900">{webhook.url}</p>
          {webhook.description && (
            <p className="mt-0.5 text-sm text-slate-600">{webhook.description}</p>
          )}
          <div className="mt-2 flex flex-wrap items-center gap-1.5">
            {webhook.events.map((event) => (
              <Badge key={event} tone="indigo" className="font-mono font-medium">
                {event}
              </Badge>
            ))}
            <span className="text-xs text-slate-600">
              Added <span className="tabular-nums">{formatDate(webhook.createdAt)}</span>
            </span>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <span className="text-sm text-slate-700" aria-hidden>
            {webhook.enabled ? 'Enabled' : 'Disabled'}
          </span>
          <Switch
            aria-label={`Send events to ${webhook.url}`}
            checked={webhook.enabled}
            disabled={toggling}
            onCheckedChange={onToggle}
          />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
          {open ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onEdit}>
          <Pencil aria-hidden /> Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          onClick={onDelete}
        >
          <Trash2 aria-hidden /> Delete
        </Button>
      </div>
      {open && (
        <div className="mt-3 border-t border-slate-100 pt-3">
          <WebhookDeliveries webhookId={webhook.id} />
        </div>
      )}
    </Card>
  );
}
