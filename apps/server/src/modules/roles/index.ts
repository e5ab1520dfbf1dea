/**
 * The public face of the roles module: what other modules may use. Other modules import from
 * here (`'../roles'`), never from a file inside the module.
 */

export { assertRolesStillManageable, assertWithinRights, rightsOf } from './roles.guards';
export { allRoles, findRole, lockStaffAdministration } from './roles.repository';
