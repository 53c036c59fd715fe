import { useState, type FormEvent } from 'react';
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
import { FieldError, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { fieldErrors } from '../lib/form-errors';
import { serviceTypeLabel } from '../lib/format';
import { EditDialogFooter } from '../components/edit-dialog-footer';
import { SelectField } from '../components/select-field';
import { TextField } from '../components/text-field';
import { useInquiryUpdate } from './use-inquiries';

type Field = 'priority' | 'estimatedVolume' | 'timeline' | 'budget' | 'notes';

/** Edits priority and the free-text details; mount with key={inquiry.id}. */
export function InquiryEditDialog({
  inquiry,
  onClose,
}: {
  inquiry: TServiceInquiry;
  onClose: () => void;
}) {
  const [values, setValues] = useState({
    priority: inquiry.priority,
    estimatedVolume: inquiry.estimatedVolume ?? '',
    timeline: inquiry.timeline ?? '',
    budget: inquiry.budget ?? '',
    notes: inquiry.notes ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const update = useInquiryUpdate();
  const set = (field: Field) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: e.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZServiceInquiryUpdate.safeParse({ id: inquiry.id, ...values });
    if (!parsed.success) return setErrors(fieldErrors<Field>(parsed.error));
    setErrors({});
    update.mutate(parsed.data, { onSuccess: onClose });
  }

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
          <SelectField
            id="inquiry-priority"
            label="Priority"
            value={values.priority}
            options={PRIORITIES}
            onChange={(priority) => setValues({ ...values, priority })}
            error={errors.priority}
          />
          <TextField
            id="inquiry-volume"
            label="Estimated Volume"
            value={values.estimatedVolume}
            onChange={set('estimatedVolume')}
            error={errors.estimatedVolume}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              id="inquiry-timeline"
              label="Timeline"
              value={values.timeline}
              onChange={set('timeline')}
              error={errors.timeline}
            />
            <TextField
              id="inquiry-budget"
              label="Budget"
              value={values.budget}
              onChange={set('budget')}
              error={errors.budget}
            />
          </div>
          <div>
            <Label htmlFor="inquiry-notes">Notes</Label>
            <Textarea
              id="inquiry-notes"
              value={values.notes}
              onChange={set('notes')}
              aria-invalid={errors.notes ? true : undefined}
            />
            <FieldError id="inquiry-notes-error" message={errors.notes} />
          </div>
          <EditDialogFooter pending={update.isPending} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
