import { ROLE_MESSAGES } from '@app/contract/roles';
import { required, TextInput } from 'react-admin';
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
      <PermissionTree canChange={canChange} />
    </>
  );
}
