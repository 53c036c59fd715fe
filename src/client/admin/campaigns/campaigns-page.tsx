import { Plus } from 'lucide-react';
import { useState } from 'react';
import {
  NEW_CAMPAIGN_DEFAULTS,
  type TCampaign,
  type TCampaignStatus,
} from '../../../shared/campaigns.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { toast } from '../../lib/use-toast';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListPage } from '../components/list-page';
import { filterCampaigns } from '../lib/filters';
import { CampaignCard } from './campaign-card';
import { CampaignDetailsDialog } from './campaign-details-dialog';
import { CampaignEditDialog } from './campaign-edit-dialog';
import { useCampaignMutations } from './use-campaigns';
import { campaignTone } from '../lib/status-styles';
import { useBriefSearch, type BriefSearch } from '../lib/brief-search';

/** Campaign statuses in the order the filter and the count badges list them. */
const STATUS_ORDER: TCampaignStatus[] = ['active', 'draft', 'paused', 'completed'];
const SEARCH: BriefSearch<TCampaign, TCampaignStatus> = {
  items: 'campaigns',
  match: filterCampaigns,
  by: { field: 'status', values: STATUS_ORDER, tone: campaignTone, all: 'All Status' },
};

export function CampaignsPage() {
  const campaigns = trpc.admin.campaigns.list.useQuery();
  const { create, update, duplicate, remove } = useCampaignMutations();
  const [editing, setEditing] = useState<TCampaign | null>(null);
  const [details, setDetails] = useState<TCampaign | null>(null);
  const [deleting, setDeleting] = useState<TCampaign | null>(null);

  const all = campaigns.data ?? [];
  const { shown, list } = useBriefSearch(all, SEARCH);
  const newButton = (label: string) => (
    <Button onClick={() => create.mutate(NEW_CAMPAIGN_DEFAULTS)} disabled={create.isPending}>
      <Plus aria-hidden /> {create.isPending ? 'Creating...' : label}
    </Button>
  );

  return (
    <>
      <ListPage
        title="Campaign Management"
        subtitle="Create and manage marketing campaigns"
        actions={newButton('New Campaign')}
        total={{ testId: 'campaigns-total', count: all.length, noun: 'campaigns' }}
        {...list}
        query={campaigns}
        items="campaigns"
        empty={{
          title: 'No Campaigns Yet',
          hint: 'Create your first campaign to get started.',
          action: newButton('Create Campaign'),
        }}
      >
        <ul
          className="grid grid-cols-1 gap-3 lg:grid-cols-2 2xl:grid-cols-3"
          aria-label="Campaigns"
        >
          {shown.map((campaign) => (
            <li key={campaign.id} className="flex">
              <CampaignCard
                campaign={campaign}
                toggling={
                  update.isPending &&
                  update.variables?.id === campaign.id &&
                  update.variables.status !== undefined
                }
                onEdit={() => setEditing(campaign)}
                onDetails={() => setDetails(campaign)}
                onDuplicate={() => {
                  toast({ title: 'Duplicate', description: `Creating copy of ${campaign.name}` });
                  duplicate.mutate({ id: campaign.id });
                }}
                onDelete={() => setDeleting(campaign)}
                onToggle={() =>
                  update.mutate({
                    id: campaign.id,
                    status: campaign.status === 'active' ? 'paused' : 'active',
                  })
                }
              />
            </li>
          ))}
        </ul>
      </ListPage>
      {editing && (
        <CampaignEditDialog key={editing.id} campaign={editing} onClose={() => setEditing(null)} />
      )}
      {details && <CampaignDetailsDialog campaign={details} onClose={() => setDetails(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete campaign?"
        description={`"${deleting?.name ?? ''}" will be permanently deleted. This cannot be undone.`}
        confirmLabel="Delete Campaign"
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </>
  );
}
