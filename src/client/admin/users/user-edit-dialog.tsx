import { Controller } from 'react-hook-form';
import { ZUserEditForm, type TUser } from '../../../shared/users.schema';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { showServerFieldErrors, useSchemaForm } from '../lib/schema-form';
import { RoleSelect } from './role-select';
import { EditDialogFooter } from '../components/edit-dialog-footer';
import { TextField } from '../components/text-field';
import { useUserMutations } from './use-users';

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
  const form = useSchemaForm(ZUserEditForm, {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    username: user.username,
    email: user.email,
    // Keeps the user's current role (the product's form defaulted to 'user' and silently demoted admins).
    role: user.role,
    newPassword: '',
    confirmPassword: '',
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const { update } = useUserMutations();

  // confirmPassword is checked here and never sent.
  const submit = handleSubmit(({ confirmPassword: _confirm, ...data }) =>
    update.mutate(
      { id: user.id, ...data },
      { onSuccess: onClose, onError: (error) => showServerFieldErrors(form, error) },
    ),
  );

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
              {...register('firstName')}
              error={errors.firstName?.message}
            />
            <TextField
              id="edit-lastName"
              label="Last Name"
              {...register('lastName')}
              error={errors.lastName?.message}
            />
          </div>
          <TextField
            id="edit-username"
            label="Username"
            {...register('username')}
            error={errors.username?.message}
          />
          <TextField
            id="edit-email"
            label="Email"
            type="email"
            {...register('email')}
            error={errors.email?.message}
          />
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <RoleSelect
                id="edit-role"
                value={field.value ?? user.role}
                onChange={field.onChange}
                lockedReason={
                  isLastAdmin
                    ? 'This is the only administrator, so the role stays admin. Make another user an admin first.'
                    : undefined
                }
              />
            )}
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
              {...register('newPassword')}
              error={errors.newPassword?.message}
            />
            <TextField
              id="edit-confirmPassword"
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              {...register('confirmPassword')}
              error={errors.confirmPassword?.message}
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
