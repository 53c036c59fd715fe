import { useState, type FormEvent } from 'react';
import { CAMPAIGN_TYPES, ZCampaignUpdate, type TCampaign } from '../../../shared/campaigns.schema';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FieldError, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { EditDialogFooter } from '../components/edit-dialog-footer';
import { SelectField } from '../components/select-field';
import { TextField } from '../components/text-field';
import { fieldErrors } from '../lib/form-errors';
import { useCampaignMutations } from './use-campaigns';

type Field = 'name' | 'type' | 'targetAudience' | 'goalMetric' | 'goalValue' | 'description';

/** '' -> null (no goal); anything else a number, so zod can report a non-whole value. */
function parseGoal(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** Edits a campaign's name, type, audience, goal and description; mount with key={campaign.id}. */
export function CampaignEditDialog({
  campaign,
  onClose,
}: {
  campaign: TCampaign;
  onClose: () => void;
}) {
  const [values, setValues] = useState({
    name: campaign.name,
    type: campaign.type,
    targetAudience: campaign.targetAudience ?? '',
    goalMetric: campaign.goalMetric ?? '',
    goalValue: campaign.goalValue === null ? '' : String(campaign.goalValue),
    description: campaign.description ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { update } = useCampaignMutations();
  const set = (field: Field) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: e.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZCampaignUpdate.safeParse({
      id: campaign.id,
      ...values,
      goalValue: parseGoal(values.goalValue),
    });
    if (!parsed.success) return setErrors(fieldErrors<Field>(parsed.error));
    setErrors({});
    update.mutate(parsed.data, { onSuccess: onClose });
  }

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
            value={values.name}
            onChange={set('name')}
            error={errors.name}
          />
          <SelectField
            id="campaign-type"
            label="Type"
            value={values.type}
            options={CAMPAIGN_TYPES}
            onChange={(type) => setValues({ ...values, type })}
            error={errors.type}
          />
          <TextField
            id="campaign-audience"
            label="Target Audience"
            value={values.targetAudience}
            onChange={set('targetAudience')}
            error={errors.targetAudience}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              id="campaign-metric"
              label="Goal Metric"
              value={values.goalMetric}
              onChange={set('goalMetric')}
              error={errors.goalMetric}
            />
            <TextField
              id="campaign-goal"
              label="Goal Value"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={values.goalValue}
              onChange={set('goalValue')}
              error={errors.goalValue}
            />
          </div>
          <div>
            <Label htmlFor="campaign-description">Description</Label>
            <Textarea
              id="campaign-description"
              value={values.description}
              onChange={set('description')}
            />
            <FieldError id="campaign-description-error" message={errors.description} />
          </div>
          <EditDialogFooter pending={update.isPending} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
