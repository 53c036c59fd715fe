import { useState } from 'react';
import {
  ZContactManualCreate,
  type TContact,
  type TContactManualCreateInput,
} from '../../../shared/contacts.schema';
import { Label } from '../../components/ui/label';
import { formFields } from '../components/form';
import { FormDialog, type EditDialogProps } from '../components/form-dialog';
import { useRecordForm, useSchemaForm } from '../lib/schema-form';
import { OwnerSelect } from './owner-select';
import { useContactMutations } from './use-contacts';

const ZContactForm = ZContactManualCreate.omit({ ownerId: true });
const ZContactEditForm = ZContactForm.omit({ message: true });

const { FormField, FormTextArea } = formFields<TContactManualCreateInput>('contact');

/** The fields both dialogs show, in the contact's order. */
function ContactFields() {
  return (
    <>
      <FormField name="name" label="Name" autoComplete="off" />
      <FormField name="email" label="Email" type="email" autoComplete="off" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField name="company" label="Company" autoComplete="off" />
        <FormField name="phone" label="Phone" type="tel" autoComplete="off" />
      </div>
    </>
  );
}

/**
 * "Add contact": a lead who phoned in or handed over a card. No auto-reply goes out; without an
 * owner the lead is routed like any other.
 */
export function ContactCreateDialog({ onClose }: { onClose: () => void }) {
  const form = useSchemaForm(ZContactForm, {
    name: '',
    email: '',
    company: '',
    phone: '',
    message: '',
  });
  const [ownerId, setOwnerId] = useState<number | null | undefined>(undefined);
  const { create } = useContactMutations();
  return (
    <FormDialog
      text={{
        title: 'Add Contact',
        description: 'A lead who reached you another way. No auto-reply is sent to them.',
        submit: ['Add Contact', 'Adding...'],
      }}
      form={form}
      save={(values) => create.mutateAsync({ ...values, ownerId: ownerId ?? null })}
      pending={create.isPending}
      onClose={onClose}
    >
      <ContactFields />
      <FormTextArea name="message" label="Notes from the conversation" />
      <div>
        <Label htmlFor="contact-owner">Owner</Label>
        <OwnerSelect
          id="contact-owner"
          label="Owner"
          placeholder="Round-robin (automatic)"
          value={ownerId}
          onChange={setOwnerId}
        />
      </div>
    </FormDialog>
  );
}

/** "Edit": corrects a contact's name, email, company or phone; the timeline shows each change. */
export function ContactEditDialog({ contact, onClose }: EditDialogProps<'contact', TContact>) {
  const form = useRecordForm(ZContactEditForm, contact);
  const { update } = useContactMutations();
  return (
    <FormDialog
      text={{ title: 'Edit Contact', description: `Correct ${contact.name}'s details.` }}
      form={form}
      save={(values) => update.mutateAsync({ id: contact.id, ...values })}
      pending={update.isPending}
      onClose={onClose}
    >
      <ContactFields />
    </FormDialog>
  );
}
