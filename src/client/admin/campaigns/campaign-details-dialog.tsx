import type { TCampaign } from '../../../shared/campaigns.schema';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { DetailList } from '../components/detail-list';
import { CampaignStatusBadge } from '../components/status-badge';
import { capitalize, formatDateTime, formatNumber } from '../lib/format';

/** 'View Analytics': everything stored about the campaign. No made-up performance figures. */
export function CampaignDetailsDialog({
  campaign,
  onClose,
}: {
  campaign: TCampaign;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{campaign.name}</DialogTitle>
          <DialogDescription>Viewing details for {campaign.name}</DialogDescription>
        </DialogHeader>
        <DetailList
          items={[
            { label: 'Status', value: <CampaignStatusBadge status={campaign.status} /> },
            { label: 'Type', value: `${capitalize(campaign.type)} Campaign` },
            { label: 'Target Audience', value: campaign.targetAudience },
            {
              label: 'Goal',
              value:
                campaign.goalValue === null
                  ? null
                  : `${formatNumber(campaign.goalValue)} ${campaign.goalMetric ?? ''}`.trim(),
            },
            { label: 'Created', value: formatDateTime(campaign.createdAt) },
            { label: 'Last Updated', value: formatDateTime(campaign.updatedAt) },
            { label: 'Description', value: campaign.description, wide: true },
          ]}
        />
        <p className="rounded-lg bg-slate-50 p-3 text-xs text-slate-600">
          Results against the goal are not tracked for campaigns yet, so none are shown.
        </p>
      </DialogContent>
    </Dialog>
  );
}
