import { BarChart3, Copy, Pause, Pencil, Play, Trash2 } from 'lucide-react';
import type { TCampaign } from '../../../shared/campaigns.schema';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DropdownMenuItem, DropdownMenuSeparator } from '../../components/ui/dropdown-menu';
import { CardMenu } from '../components/card-menu';
import { CampaignStatusBadge } from '../components/status-badge';
import { capitalize, formatDate, formatNumber } from '../lib/format';
import { CampaignTypeIcon } from './campaign-type-icon';

export interface CampaignCardActions {
  onEdit: () => void;
  onDetails: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onToggle: () => void;
}

export function CampaignCard({
  campaign,
  toggling,
  ...actions
}: { campaign: TCampaign; toggling: boolean } & CampaignCardActions) {
  const active = campaign.status === 'active';
  const facts: [string, string][] = [
    ['Target audience', campaign.targetAudience ?? '—'],
    ['Goal metric', campaign.goalMetric ?? '—'],
    ['Goal value', formatNumber(campaign.goalValue)],
    ['Updated', formatDate(campaign.updatedAt)],
    ...(campaign.results
      ? ([
          ['Leads', formatNumber(campaign.results.leads)],
          ['Conversions', formatNumber(campaign.results.conversions)],
        ] as [string, string][])
      : []),
  ];
  return (
    <Card className="flex w-full flex-col gap-3 p-4" data-testid="campaign-card">
      <div className="flex items-start gap-3">
        <CampaignTypeIcon type={campaign.type} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900">{campaign.name}</h2>
          <p className="text-xs text-slate-600">
            {capitalize(campaign.type)} Campaign · Created{' '}
            <span className="tabular-nums">{formatDate(campaign.createdAt)}</span>
          </p>
        </div>
        <CampaignStatusBadge status={campaign.status} />
        <CardMenu label={`Actions for ${campaign.name}`}>
          <DropdownMenuItem onSelect={actions.onEdit}>
            <Pencil aria-hidden /> Edit Campaign
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={actions.onDetails}>
            <BarChart3 aria-hidden /> View Analytics
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={actions.onDuplicate}>
            <Copy aria-hidden /> Duplicate
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={actions.onToggle}>
            {active ? <Pause aria-hidden /> : <Play aria-hidden />}
            {active ? 'Pause Campaign' : 'Activate Campaign'}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={actions.onDelete}>
            <Trash2 aria-hidden /> Delete Campaign
          </DropdownMenuItem>
        </CardMenu>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-xs">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-500">{term}</dt>
            <dd className="truncate font-medium tabular-nums text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-auto flex gap-2">
        <Button size="sm" variant="secondary" onClick={actions.onToggle} disabled={toggling}>
          {active ? <Pause aria-hidden /> : <Play aria-hidden />}
          {toggling ? 'Updating...' : active ? 'Pause' : 'Activate'}
        </Button>
        <Button size="sm" variant="ghost" onClick={actions.onDetails}>
          <BarChart3 aria-hidden /> Details
        </Button>
      </div>
    </Card>
  );
}
