import { actionById } from '@app/contract/actions';
import { PAGES } from '@app/contract/permissions';

/**
 * What a route needs, declared on every route as `config: { access }`:
 * - `public`: anyone;
 * - `staff`: any signed-in staff account;
 * - `{ page }`: a staff account whose role holds that page's permission: the routes that READ it;
 * - `{ action }`: a staff account whose role holds that action (contract/actions): every route that
 *   CHANGES something declares the action of its work, so a role can see a page without acting on it;
 * - `member`: a signed-in member of the app (member_sessions): a staff token never opens these,
 *   and a member token never opens the others (each kind looks only in its own sessions table);
 * - `field`: a signed-in BDE of the field app (field_sessions), kept apart the same way;
 * - `{ integration }`: the integration API, opened only by a service account's API key holding that
 *   scope (a page path or an action id); a staff token never opens it, nor a key a staff route.
 */
export type Access =
  | 'public'
  | 'staff'
  | 'member'
  | 'field'
  | { page: string }
  | { action: string }
  | { integration: string };

const knownPages = new Set(PAGES.map((p) => p.path));

/** The declaration for a page permission; an unknown page is a programming error caught at start-up. */
export function page(path: string): Access {
  if (!knownPages.has(path)) throw new Error(`Unknown page permission ${path}`);
  return { page: path };
}

/** The declaration for an action permission; an unknown action is caught at start-up too. */
export function action(id: string): Access {
  if (!actionById(id)) throw new Error(`Unknown action permission ${id}`);
  return { action: id };
}

/** The declaration of an integration route; its scope must be a known page or action. */
export function integration(scope: string): Access {
  if (!knownPages.has(scope) && !actionById(scope)) throw new Error(`Unknown integration scope ${scope}`);
  return { integration: scope };
}
