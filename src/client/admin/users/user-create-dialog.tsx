import { ROLES, ZUserCreate, type TUserCreateInput } from '../../../shared/users.schema';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Form, formFields } from '../components/form';
import { showServerFieldErrors, useSchemaForm } from '../lib/schema-form';
import { useUserMutations } from './use-users';

const { FormField, FormSelect } = formFields<TUserCreateInput>();

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

  function close(next: boolean) {
    if (!next) form.reset();
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New User</DialogTitle>
          <DialogDescription>Add a user who can sign in to the admin panel.</DialogDescription>
        </DialogHeader>
        <Form
          form={form}
          idPrefix="create"
          className="grid gap-4"
          // The product (docs/PRODUCT.md): on success the dialog closes and the form resets.
          onSubmit={(data) =>
            create.mutate(data, {
              onSuccess: () => close(false),
              onError: (error) => showServerFieldErrors(form, error),
            })
          }
        >
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField name="firstName" label="First Name" />
            <FormField name="lastName" label="Last Name" />
          </div>
          <FormField name="username" label="Username" autoComplete="off" />
          <FormField name="email" label="Email" type="email" />
          <FormField name="password" label="Password" type="password" autoComplete="new-password" />
          <FormSelect name="role" label="Role" options={ROLES} />
          <DialogFooter>
            <Button variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create User'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
