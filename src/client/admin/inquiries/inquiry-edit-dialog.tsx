import type { z } from 'zod';
import {
  PRIORITIES,
  ZServiceInquiryUpdate,
  type TServiceInquiry,
} from '../../../shared/service-inquiries.schema';
import { formFields } from '../components/form';
import { FormDialog, type EditDialogProps } from '../components/form-dialog';
import { serviceTypeLabel } from '../lib/format';
import { useRecordForm } from '../lib/schema-form';
import { useInquiryUpdate } from './use-inquiries';

/** The update's rules for the fields this form shows; the id comes from the inquiry. */
const ZInquiryForm = ZServiceInquiryUpdate.omit({ id: true });
const { FormField, FormTextArea, FormSelect } = formFields<z.input<typeof ZInquiryForm>>('inquiry');

/** Edits priority and the free-text details; mount with key={inquiry.id}. */
export function InquiryEditDialog({
  inquiry,
  onClose,
}: EditDialogProps<'inquiry', TServiceInquiry>) {
  const form = useRecordForm(ZInquiryForm, inquiry);
  const update = useInquiryUpdate();

  return (
    <FormDialog
      text={{
        title: 'Edit Inquiry',
        description: `${serviceTypeLabel(inquiry.serviceType)} for contact #${inquiry.contactId}`,
      }}
      form={form}
      save={(data) => update.mutateAsync({ id: inquiry.id, ...data })}
      onClose={onClose}
      pending={update.isPending}
    >
      <FormSelect name="priority" label="Priority" options={PRIORITIES} />
      <FormField name="estimatedVolume" label="Estimated Volume" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField name="timeline" label="Timeline" />
        <FormField name="budget" label="Budget" />
      </div>
      <FormTextArea name="notes" label="Notes" />
    </FormDialog>
  );
}
