import { STAFF_MESSAGES, staffEndpoints } from '@app/contract/staff';
import { email, PasswordInput, required, SelectInput, TextInput } from 'react-admin';
import { useOptions } from '../../components/use-options';
import { validateMobile, validateOptionalPassword } from './staff-validation';

/**
 * The fields of an account, shared by create and edit. The e-mail is the sign-in id: set once.
 * Roles above the signed-in account's rights are listed but disabled (the server refuses them too).
 */
export function StaffInputs({ mode }: { mode: 'create' | 'edit' }) {
  const roles = useOptions(staffEndpoints.roleOptions);
  const choices = roles.map((r) => ({ id: r.id, name: r.label, disabled: !r.assignable }));
  return (
    <>
      <TextInput source="name" validate={required(STAFF_MESSAGES.nameRequired)} fullWidth />
      {mode === 'create' ? (
        <TextInput
          source="email"
          type="email"
          validate={[required(STAFF_MESSAGES.emailRequired), email(STAFF_MESSAGES.emailInvalid)]}
          helperText="The sign-in id; it cannot be changed later"
          fullWidth
        />
      ) : (
        <TextInput source="email" disabled helperText="The sign-in id cannot be changed" fullWidth />
      )}
      <TextInput
        source="mobile"
        validate={validateMobile}
        helperText="Optional: 10-digit Indian mobile"
        fullWidth
      />
      <SelectInput
        source="roleId"
        label="Role"
        choices={choices}
        validate={required(STAFF_MESSAGES.roleRequired)}
        helperText="Roles with rights you do not hold cannot be assigned"
        isLoading={roles.length === 0}
      />
      {mode === 'create' && (
        <PasswordInput
          source="password"
          validate={validateOptionalPassword}
          helperText="Leave empty to generate one; it is shown once after saving"
          autoComplete="new-password"
          fullWidth
        />
      )}
    </>
  );
}
