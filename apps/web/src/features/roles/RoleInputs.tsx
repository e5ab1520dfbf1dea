import { secondFactorByDefault } from '@app/contract/actions';
import { ROLE_MESSAGES } from '@app/contract/roles';
import { useEffect } from 'react';
import { BooleanInput, required, TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { PermissionTree } from './PermissionTree';
import { useGrantRules } from './use-grant-rules';

/** The fields of a role, shared by create and edit. The name (what `userRole` carries) is set once. */
export function RoleInputs({ mode, roleName }: { mode: 'create' | 'edit'; roleName?: string }) {
  const { canChange } = useGrantRules(roleName);
  return (
    <>
      {mode === 'create' ? (
        <TextInput
          source="name"
          validate={required(ROLE_MESSAGES.nameRequired)}
          helperText="Stored lowercased; letters, digits, spaces, - or _. It cannot be changed later."
          sx={{ maxWidth: 420 }}
          fullWidth
        />
      ) : (
        <TextInput
          source="name"
          disabled
          helperText="The role name cannot be changed"
          sx={{ maxWidth: 420 }}
          fullWidth
        />
      )}
      <TextInput
        source="label"
        validate={required(ROLE_MESSAGES.labelRequired)}
        helperText="Shown in the top bar"
        sx={{ maxWidth: 420 }}
        fullWidth
      />
      <SecondFactorInput mode={mode} />
      <PermissionTree canChange={canChange} />
    </>
  );
}

/**
 * Whether staff of this role sign in with an authenticator app after the password. On a new role
 * it follows the permissions (on when they hold money or identity actions) until changed by hand.
 */
function SecondFactorInput({ mode }: { mode: 'create' | 'edit' }) {
  const permissions = useWatch({ name: 'permissions' }) as string[] | undefined;
  const advised = secondFactorByDefault(permissions ?? []);
  const { setValue, getFieldState } = useFormContext();
  useEffect(() => {
    if (mode === 'create' && !getFieldState('mfaRequired').isDirty) setValue('mfaRequired', advised);
  }, [mode, advised, setValue, getFieldState]);
  return (
    <BooleanInput
      source="mfaRequired"
      label="Require two-step sign-in (authenticator app)"
      helperText={
        advised
          ? 'Advised: this role moves money or reveals identity data.'
          : 'This role holds no money or identity actions.'
      }
    />
  );
}
