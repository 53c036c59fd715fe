import { ROLES, ZUserCreate, type TUserCreateInput } from '../../../shared/users.schema';
import { formFields } from '../components/form';
import { FormDialog } from '../components/form-dialog';
import { useSchemaForm } from '../lib/schema-form';
import { useUserMutations } from './use-users';

const { FormField, FormSelect } = formFields<TUserCreateInput>('create');

export function UserCreateDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useSchemaForm(ZUserCreate, {
    username: '',
    email: '',
    password: '',
    firstName: '',
    lastName: '',
    role: 'user',
  });
  const { create } = useUserMutations();

  // The product (docs/PRODUCT.md): on success the dialog closes and the form resets.
  function close() {
    form.reset();
    onOpenChange(false);
  }

  return (
    <FormDialog
      open={open}
      text={{
        title: 'Create New User',
        description: 'Add a user who can sign in to the admin panel.',
        submit: ['Create User', 'Creating...'],
      }}
      form={form}
      onClose={close}
      mutation={create}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField name="firstName" label="First Name" />
        <FormField name="lastName" label="Last Name" />
      </div>
      <FormField name="username" label="Username" autoComplete="off" />
      <FormField name="email" label="Email" type="email" />
      <FormField name="password" label="Password" type="password" autoComplete="new-password" />
      <FormSelect name="role" label="Role" options={ROLES} />
    </FormDialog>
  );
}
