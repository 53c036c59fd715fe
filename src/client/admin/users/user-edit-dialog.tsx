import { useState, type FormEvent } from 'react';
import { ZUserEditForm, type TRole, type TUser } from '../../../shared/users.schema';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { fieldErrors } from '../lib/form-errors';
import { RoleSelect } from './role-select';
import { EditDialogFooter } from '../components/edit-dialog-footer';
import { TextField } from '../components/text-field';
import { useUserMutations } from './use-users';

type Field =
  'firstName' | 'lastName' | 'username' | 'email' | 'role' | 'newPassword' | 'confirmPassword';

function initialValues(user: TUser) {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    username: user.username,
    email: user.email,
    // Keeps the user's current role (the spec's form defaulted to 'user' and silently demoted admins).
    role: (user.role === 'admin' ? 'admin' : 'user') as TRole,
    newPassword: '',
    confirmPassword: '',
  };
}

/** Edit form for one user; mount with key={user.id} so it starts from that user's values. */
export function UserEditDialog({
  user,
  isLastAdmin,
  onClose,
}: {
  user: TUser;
  isLastAdmin: boolean;
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => initialValues(user));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { update } = useUserMutations();
  const set = (field: Field) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: e.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZUserEditForm.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors<Field>(parsed.error));
    setErrors({});
    // confirmPassword is checked here and never sent.
    const { confirmPassword: _confirm, ...data } = parsed.data;
    update.mutate({ id: user.id, ...data }, { onSuccess: onClose });
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit User</DialogTitle>
          <DialogDescription>Update user information</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              id="edit-firstName"
              label="First Name"
              value={values.firstName}
              onChange={set('firstName')}
              error={errors.firstName}
            />
            <TextField
              id="edit-lastName"
              label="Last Name"
              value={values.lastName}
              onChange={set('lastName')}
              error={errors.lastName}
            />
          </div>
          <TextField
            id="edit-username"
            label="Username"
            value={values.username}
            onChange={set('username')}
            error={errors.username}
          />
          <TextField
            id="edit-email"
            label="Email"
            type="email"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <RoleSelect
            id="edit-role"
            value={values.role}
            onChange={(role) => setValues({ ...values, role })}
            lockedReason={
              isLastAdmin
                ? 'This is the only administrator, so the role stays admin. Make another user an admin first.'
                : undefined
            }
          />
          <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">
              Change Password (Optional)
            </legend>
            <TextField
              id="edit-newPassword"
              label="New Password"
              type="password"
              autoComplete="new-password"
              placeholder="Leave blank to keep the current password"
              value={values.newPassword}
              onChange={set('newPassword')}
              error={errors.newPassword}
            />
            <TextField
              id="edit-confirmPassword"
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
              error={errors.confirmPassword}
            />
            <p className="text-xs text-slate-600">
              A new password or role signs this user out of their other sessions.
            </p>
          </fieldset>
          <EditDialogFooter pending={update.isPending} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
