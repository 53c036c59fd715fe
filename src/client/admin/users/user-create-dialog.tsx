import { useState, type FormEvent } from 'react';
import { ZUserCreate, type TRole } from '../../../shared/users.schema';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { fieldErrors } from '../lib/form-errors';
import { RoleSelect } from './role-select';
import { TextField } from '../components/text-field';
import { useUserMutations } from './use-users';

const EMPTY = {
  username: '',
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  role: 'user' as TRole,
};
type Field = keyof typeof EMPTY;

export function UserCreateDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { create } = useUserMutations();
  const set = (field: Field) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: e.target.value });

  function close(next: boolean) {
    if (!next) {
      setValues(EMPTY);
      setErrors({});
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZUserCreate.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors<Field>(parsed.error));
    setErrors({});
    // Spec section 4: on success the dialog closes and the form resets.
    create.mutate(parsed.data, { onSuccess: () => close(false) });
  }

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
              value={values.firstName}
              onChange={set('firstName')}
              error={errors.firstName}
            />
            <TextField
              id="create-lastName"
              label="Last Name"
              value={values.lastName}
              onChange={set('lastName')}
              error={errors.lastName}
            />
          </div>
          <TextField
            id="create-username"
            label="Username"
            autoComplete="off"
            value={values.username}
            onChange={set('username')}
            error={errors.username}
          />
          <TextField
            id="create-email"
            label="Email"
            type="email"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <TextField
            id="create-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            error={errors.password}
          />
          <RoleSelect
            id="create-role"
            value={values.role}
            onChange={(role) => setValues({ ...values, role })}
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
