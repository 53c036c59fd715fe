import type { TAnalyticsSummary } from '../../../shared/analytics.schema';
import { CAMPAIGN_STATUSES } from '../../../shared/campaigns.schema';
import { CONTACT_STATUSES } from '../../../shared/contacts.schema';
import { BreakdownPanel } from '../components/breakdown-panel';
import { campaignTone, contactTone } from '../lib/status-styles';

/** Contacts and campaigns per status, side by side (the dashboard and the analytics screen). */
export function StatusBreakdowns({
  data,
  contactTitle,
  campaignTitle,
}: {
  data: Pick<TAnalyticsSummary, 'contactsByStatus' | 'campaignsByStatus'>;
  contactTitle: string;
  campaignTitle: string;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <BreakdownPanel
        title={contactTitle}
        counts={data.contactsByStatus}
        known={CONTACT_STATUSES}
        tone={contactTone}
        emptyText="No contact data available"
      />
      <BreakdownPanel
        title={campaignTitle}
        counts={data.campaignsByStatus}
        known={CAMPAIGN_STATUSES}
        tone={campaignTone}
        emptyText="No campaign data available"
      />
    </div>
  );
}
