import { BarChart3, Copy, Pause, Pencil, Play, Trash2 } from 'lucide-react';
import type { TCampaign, TCampaignFunnel } from '../../../shared/campaigns.schema';
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

/** Which step of the funnel a goal counts, read from its metric's words (leads by default). */
function goalStep(metric: string | null): keyof TCampaignFunnel {
  const words = (metric ?? '').toLowerCase();
  if (/visit|traffic/.test(words)) return 'visitors';
  if (/call|meeting|booking|demo/.test(words)) return 'bookedCalls';
  if (/customer|conversion|deal|sale/.test(words)) return 'customers';
  return 'leads';
}

const STEP_LABELS: [keyof TCampaignFunnel, string][] = [
  ['visitors', 'Visitors'],
  ['leads', 'Leads'],
  ['bookedCalls', 'Calls'],
  ['customers', 'Customers'],
];

/** Visitors → leads → booked calls → customers of the campaign's code, and its goal's progress. */
function CampaignFunnel({ campaign, funnel }: { campaign: TCampaign; funnel: TCampaignFunnel }) {
  const step = goalStep(campaign.goalMetric);
  const goal = campaign.goalValue;
  const progress = goal ? Math.min(100, Math.round((funnel[step] / goal) * 100)) : null;
  return (
    <div className="rounded-lg bg-slate-50 p-3" data-testid="campaign-funnel">
      <ol className="grid grid-cols-4 gap-1 text-center text-xs">
        {STEP_LABELS.map(([key, label]) => (
          <li key={key}>
            <span className="block text-base font-semibold tabular-nums text-slate-900">
              {formatNumber(funnel[key])}
            </span>
            <span className="text-slate-600">{label}</span>
          </li>
        ))}
      </ol>
      {progress !== null && (
        <div className="mt-2">
          <p className="text-xs text-slate-600">
            Goal: {formatNumber(funnel[step])} of {formatNumber(goal)} (
            {STEP_LABELS.find(([k]) => k === step)![1].toLowerCase()}), {progress}%
          </p>
          <div
            className="mt-1 h-1.5 rounded-full bg-slate-200"
            role="progressbar"
            aria-label={`Progress toward the goal of ${campaign.name}`}
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-1.5 rounded-full bg-primary" style={{ width: `${progress}%` }} />
          </div>
        </div>
      )}
    </div>
  );
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
      {campaign.funnel && <CampaignFunnel campaign={campaign} funnel={campaign.funnel} />}
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
