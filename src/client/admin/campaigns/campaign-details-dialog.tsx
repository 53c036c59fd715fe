import type { TCampaign } from '../../../shared/campaigns.schema';
import { TitledDialog } from '../components/titled-dialog';
import { DetailList } from '../components/detail-list';
import { CampaignStatusBadge } from '../components/status-badge';
import { percentOf } from '../../../shared/analytics.schema';
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
    <TitledDialog
      onClose={onClose}
      title={campaign.name}
      description={<>Viewing details for {campaign.name}</>}
      className="sm:max-w-xl"
    >
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
          { label: 'UTM Campaign Code', value: campaign.utmCampaign },
          ...(campaign.results
            ? [
                { label: 'Leads', value: formatNumber(campaign.results.leads) },
                {
                  label: 'Conversions',
                  value: `${formatNumber(campaign.results.conversions)} (${percentOf(campaign.results.conversions, campaign.results.leads)}% of leads)`,
                },
              ]
            : []),
        ]}
      />
      {!campaign.results && (
        <p className="rounded-lg bg-slate-50 p-3 text-xs text-slate-600">
          Results against the goal are not tracked for this campaign: give it a UTM campaign code
          (Edit Campaign) and its leads and conversions appear here.
        </p>
      )}
    </TitledDialog>
  );
}
