import type { ActionId } from '@app/contract/actions';
import type { ComponentProps } from 'react';
import { Button } from 'react-admin';
import { useProfile } from '../app/profile-context';

/**
 * A button for work a role may not hold (create, upload, add): not shown without its action, so a
 * role given a page "view only" sees what it may read and nothing it would be refused (403).
 */
export function ActionButton({
  permission,
  ...props
}: ComponentProps<typeof Button> & { permission: ActionId }) {
  const { can } = useProfile();
  return can(permission) ? <Button {...props} /> : null;
}
