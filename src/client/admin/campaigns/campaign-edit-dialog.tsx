import { CAMPAIGN_TYPES, ZCampaignUpdate, type TCampaign } from '../../../shared/campaigns.schema';
import { formFields, isBlank } from '../components/form';
import { FormDialog, type EditDialogProps } from '../components/form-dialog';
import { useRecordForm } from '../lib/schema-form';
import type { z } from 'zod';
import { useCampaignMutations } from './use-campaigns';

/** The update's rules for the fields this form shows; the id comes from the campaign. */
const ZCampaignForm = ZCampaignUpdate.omit({ id: true, status: true });
const { FormField, FormTextArea, FormSelect } =
  formFields<z.input<typeof ZCampaignForm>>('campaign');

/** Blank -> null (no goal); anything else a number, so zod can report a non-whole value. */
const parseGoal = (value: unknown) => (isBlank(value) ? null : Number(value));

/** Edits a campaign's name, type, audience, goal and description; mount with key={campaign.id}. */
export function CampaignEditDialog({ campaign, onClose }: EditDialogProps<'campaign', TCampaign>) {
  const form = useRecordForm(ZCampaignForm, campaign);
  const { update } = useCampaignMutations();

  return (
    <FormDialog
      text={{ title: 'Edit Campaign', description: `Editing ${campaign.name}` }}
      form={form}
      save={(data) => update.mutateAsync({ id: campaign.id, ...data })}
      onClose={onClose}
      pending={update.isPending}
    >
      <FormField name="name" label="Name" />
      <FormSelect name="type" label="Type" options={CAMPAIGN_TYPES} />
      <FormField name="targetAudience" label="Target Audience" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField name="goalMetric" label="Goal Metric" />
        <FormField
          name="goalValue"
          label="Goal Value"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          parse={parseGoal}
        />
      </div>
      <FormField
        name="utmCampaign"
        id="campaign-utm"
        label="UTM campaign code (optional)"
        placeholder="spring-launch"
        title="Leads whose link carried utm_campaign=this code count as this campaign's results"
      />
      <FormTextArea name="description" label="Description" />
    </FormDialog>
  );
}
