import type { MenuItem } from '@app/contract/permissions';
import { NotAllowed } from './NotAllowed';
import { NotBuilt } from './NotBuilt';
import { PAGE_COMPONENTS } from './page-registry';
import { useProfile } from './profile-context';

/**
 * A contract page: its registered component when the role holds the page's permission (the item's
 * own permission, as the server checks it), "not allowed" otherwise, "not built yet" when no
 * component is registered.
 */
export function PageRoute({ page }: { page: MenuItem }) {
  const { can } = useProfile();
  if (!can(page.path)) return <NotAllowed page={page} />;
  const Page = PAGE_COMPONENTS[page.path];
  return Page ? <Page /> : <NotBuilt page={page} />;
}
