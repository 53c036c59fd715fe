import { Controller } from 'react-hook-form';
import { ZUserCreate } from '../../../shared/users.schema';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { showServerFieldErrors, useSchemaForm } from '../lib/schema-form';
import { RoleSelect } from './role-select';
import { TextField } from '../components/text-field';
import { useUserMutations } from './use-users';

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
  const {
    register,
    control,
    reset,
    handleSubmit,
    formState: { errors },
  } = form;
  const { create } = useUserMutations();

  function close(next: boolean) {
    if (!next) reset();
    onOpenChange(next);
  }

  // The product (docs/PRODUCT.md): on success the dialog closes and the form resets.
  const submit = handleSubmit((data) =>
    create.mutate(data, {
      onSuccess: () => close(false),
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New User</DialogTitle>
          <DialogDescription>Add a user who can sign in to the admin panel.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              id="create-firstName"
              label="First Name"
              {...register('firstName')}
              error={errors.firstName?.message}
            />
            <TextField
              id="create-lastName"
              label="Last Name"
              {...register('lastName')}
              error={errors.lastName?.message}
            />
          </div>
          <TextField
            id="create-username"
            label="Username"
            autoComplete="off"
            {...register('username')}
            error={errors.username?.message}
          />
          <TextField
            id="create-email"
            label="Email"
            type="email"
            {...register('email')}
            error={errors.email?.message}
          />
          <TextField
            id="create-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            {...register('password')}
            error={errors.password?.message}
          />
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <RoleSelect
                id="create-role"
                value={field.value ?? 'user'}
                onChange={field.onChange}
              />
            )}
          />
          <DialogFooter>
            <Button variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create User'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
