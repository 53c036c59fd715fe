import { Controller } from 'react-hook-form';
import {
  PRIORITIES,
  ZServiceInquiryUpdate,
  type TServiceInquiry,
} from '../../../shared/service-inquiries.schema';
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
import { serviceTypeLabel } from '../lib/format';
import { showServerFieldErrors, useSchemaForm } from '../lib/schema-form';
import { EditDialogFooter } from '../components/edit-dialog-footer';
import { SelectField } from '../components/select-field';
import { TextField } from '../components/text-field';
import { useInquiryUpdate } from './use-inquiries';

/** The update's rules for the fields this form shows; the id comes from the inquiry. */
const ZInquiryForm = ZServiceInquiryUpdate.omit({ id: true });

/** Edits priority and the free-text details; mount with key={inquiry.id}. */
export function InquiryEditDialog({
  inquiry,
  onClose,
}: {
  inquiry: TServiceInquiry;
  onClose: () => void;
}) {
  const form = useSchemaForm(ZInquiryForm, {
    priority: inquiry.priority,
    estimatedVolume: inquiry.estimatedVolume ?? '',
    timeline: inquiry.timeline ?? '',
    budget: inquiry.budget ?? '',
    notes: inquiry.notes ?? '',
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const update = useInquiryUpdate();

  const submit = handleSubmit((data) =>
    update.mutate(
      { id: inquiry.id, ...data },
      { onSuccess: onClose, onError: (error) => showServerFieldErrors(form, error) },
    ),
  );

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Inquiry</DialogTitle>
          <DialogDescription>
            {serviceTypeLabel(inquiry.serviceType)} for contact #{inquiry.contactId}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Controller
            control={control}
            name="priority"
            render={({ field }) => (
              <SelectField
                id="inquiry-priority"
                label="Priority"
                value={field.value ?? inquiry.priority}
                options={PRIORITIES}
                onChange={field.onChange}
                error={errors.priority?.message}
              />
            )}
          />
          <TextField
            id="inquiry-volume"
            label="Estimated Volume"
            {...register('estimatedVolume')}
            error={errors.estimatedVolume?.message}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              id="inquiry-timeline"
              label="Timeline"
              {...register('timeline')}
              error={errors.timeline?.message}
            />
            <TextField
              id="inquiry-budget"
              label="Budget"
              {...register('budget')}
              error={errors.budget?.message}
            />
          </div>
          <div>
            <Label htmlFor="inquiry-notes">Notes</Label>
            <Textarea
              id="inquiry-notes"
              {...register('notes')}
              aria-invalid={errors.notes ? true : undefined}
            />
            <FieldError id="inquiry-notes-error" message={errors.notes?.message} />
          </div>
          <EditDialogFooter pending={update.isPending} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
