import {
  ROLES,
  ZUserEditForm,
  type TUser,
  type TUserEditFormInput,
} from '../../../shared/users.schema';
import { formFields } from '../components/form';
import { FormDialog } from '../components/form-dialog';
import { useRecordForm } from '../lib/schema-form';
import { useUserMutations } from './use-users';

const { FormField, FormSelect } = formFields<TUserEditFormInput>('edit');

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
  // Keeps the user's current role (the product's form defaulted to 'user' and silently demoted
  // admins); the new password starts blank.
  const form = useRecordForm(ZUserEditForm, user);
  const { update } = useUserMutations();

  return (
    <FormDialog
      text={{ title: 'Edit User', description: 'Update user information' }}
      form={form}
      // confirmPassword is checked here and never sent.
      save={({ confirmPassword: _confirm, ...data }) =>
        update.mutateAsync({ id: user.id, ...data })
      }
      onClose={onClose}
      pending={update.isPending}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField name="firstName" label="First Name" />
        <FormField name="lastName" label="Last Name" />
      </div>
      <FormField name="username" label="Username" />
      <FormField name="email" label="Email" type="email" />
      <FormSelect
        name="role"
        label="Role"
        options={ROLES}
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
        <FormField
          name="newPassword"
          label="New Password"
          type="password"
          autoComplete="new-password"
          placeholder="Leave blank to keep the current password"
        />
        <FormField
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
        />
        <p className="text-xs text-slate-600">
          A new password or role signs this user out of their other sessions.
        </p>
      </fieldset>
    </FormDialog>
  );
}
