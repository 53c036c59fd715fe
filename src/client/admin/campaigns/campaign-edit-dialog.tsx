import { Controller } from 'react-hook-form';
import { CAMPAIGN_TYPES, ZCampaignUpdate, type TCampaign } from '../../../shared/campaigns.schema';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FieldError } from '../../components/ui/field-error';
import { Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { EditDialogFooter } from '../components/edit-dialog-footer';
import { SelectField } from '../components/select-field';
import { TextField } from '../components/text-field';
import { showServerFieldErrors, useSchemaForm } from '../lib/schema-form';
import { useCampaignMutations } from './use-campaigns';

/** The update's rules for the fields this form shows; the id comes from the campaign. */
const ZCampaignForm = ZCampaignUpdate.omit({ id: true, status: true });

/** Blank -> null (no goal); anything else a number, so zod can report a non-whole value. */
function parseGoal(value: unknown): number | null {
  return value === null || String(value).trim() === '' ? null : Number(value);
}

/** Edits a campaign's name, type, audience, goal and description; mount with key={campaign.id}. */
export function CampaignEditDialog({
  campaign,
  onClose,
}: {
  campaign: TCampaign;
  onClose: () => void;
}) {
  const form = useSchemaForm(ZCampaignForm, {
    name: campaign.name,
    type: campaign.type,
    targetAudience: campaign.targetAudience ?? '',
    goalMetric: campaign.goalMetric ?? '',
    goalValue: campaign.goalValue,
    description: campaign.description ?? '',
    utmCampaign: campaign.utmCampaign ?? '',
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const { update } = useCampaignMutations();

  const submit = handleSubmit((data) =>
    update.mutate(
      { id: campaign.id, ...data },
      { onSuccess: onClose, onError: (error) => showServerFieldErrors(form, error) },
    ),
  );

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Campaign</DialogTitle>
          <DialogDescription>Editing {campaign.name}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextField
            id="campaign-name"
            label="Name"
            {...register('name')}
            error={errors.name?.message}
          />
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <SelectField
                id="campaign-type"
                label="Type"
                value={field.value ?? campaign.type}
                options={CAMPAIGN_TYPES}
                onChange={field.onChange}
                error={errors.type?.message}
              />
            )}
          />
          <TextField
            id="campaign-audience"
            label="Target Audience"
            {...register('targetAudience')}
            error={errors.targetAudience?.message}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              id="campaign-metric"
              label="Goal Metric"
              {...register('goalMetric')}
              error={errors.goalMetric?.message}
            />
            <TextField
              id="campaign-goal"
              label="Goal Value"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...register('goalValue', { setValueAs: parseGoal })}
              error={errors.goalValue?.message}
            />
          </div>
          <TextField
            id="campaign-utm"
            label="UTM campaign code (optional)"
            placeholder="spring-launch"
            title="Leads whose link carried utm_campaign=this code count as this campaign's results"
            {...register('utmCampaign')}
            error={errors.utmCampaign?.message}
          />
          <div>
            <Label htmlFor="campaign-description">Description</Label>
            <Textarea id="campaign-description" {...register('description')} />
            <FieldError id="campaign-description-error" message={errors.description?.message} />
          </div>
          <EditDialogFooter pending={update.isPending} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
