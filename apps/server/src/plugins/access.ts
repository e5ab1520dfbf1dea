import { actionById } from '@app/contract/actions';
import { PAGES } from '@app/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors';
import { resolveStaffSession, type StaffPrincipal } from '../modules/auth/auth.service';
import { type FieldPrincipal, resolveFieldSession } from '../modules/employees/field-sessions';
import { type MemberPrincipal, resolveMemberSession } from '../modules/member-auth/member-sessions';

/**
 * What a route needs, declared on every route as `config: { access }`:
 * - `public`: anyone;
 * - `staff`: any signed-in staff account;
 * - `{ page }`: a staff account whose role holds that page's permission: the routes that READ it;
 * - `{ action }`: a staff account whose role holds that action (contract/actions): every route that
 *   CHANGES something declares the action of its work, so a role can see a page without acting on it;
 * - `member`: a signed-in member of the app (member_sessions): a staff token never opens these,
 *   and a member token never opens the others (each kind looks only in its own sessions table);
 * - `field`: a signed-in BDE of the field app (field_sessions), kept apart the same way.
 */
export type Access = 'public' | 'staff' | 'member' | 'field' | { page: string } | { action: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    staff: StaffPrincipal | null;
    member: MemberPrincipal | null;
    fieldUser: FieldPrincipal | null;
  }
  interface FastifyInstance {
    /** Every API route with what it declared: the permission test and snapshot read this. */
    accessTable: { method: string; url: string; access: Access }[];
  }
}

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

/** The permission id a route checks, or nothing for public, staff and member routes. */
export const permissionOf = (access: Access): string | undefined =>
  typeof access === 'string' ? undefined : 'page' in access ? access.page : access.action;

export const describeAccess = (access: Access): string => {
  if (typeof access === 'string') return access;
  if ('page' in access) return `page:${access.page}`;
  return `action:${access.action} (${actionById(access.action)?.page})`;
};

/** Routes that libraries register (the docs UI, the web app's static files) are public by nature. */
const isLibraryRoute = (url: string) => url.startsWith('/api/docs') || !url.startsWith('/api');

export function registerAccessControl(app: FastifyInstance): void {
  app.decorateRequest('staff', null);
  app.decorateRequest('member', null);
  app.decorateRequest('fieldUser', null);
  const table: FastifyInstance['accessTable'] = [];
  app.decorate('accessTable', table);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.config?.access) {
      for (const method of methods) table.push({ method, url: route.url, access: route.config.access });
      return;
    }
    if (isLibraryRoute(route.url)) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    throw new Error(`Route ${route.method} ${route.url} declares no access (config.access)`);
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') {
      // Public routes still learn who is calling when a token is present (logout needs it).
      request.staff = await resolveStaffSession(app, request, { touch: false });
      return;
    }
    if (access === 'member') {
      const member = await resolveMemberSession(app, request);
      if (!member) throw unauthorized();
      request.member = member;
      return;
    }
    if (access === 'field') {
      const fieldUser = await resolveFieldSession(app, request);
      if (!fieldUser) throw unauthorized();
      request.fieldUser = fieldUser;
      return;
    }
    const staff = await resolveStaffSession(app, request, { touch: true });
    if (!staff) throw unauthorized();
    request.staff = staff;
    const needed = permissionOf(access);
    if (needed !== undefined && !staff.permissions.has(needed)) throw forbidden();
  });
}

/** The signed-in staff member of a route that declared `staff` or a page. */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw unauthorized();
  return request.staff;
}

/** The signed-in member of a route that declared `member`. */
export function memberOf(request: FastifyRequest): MemberPrincipal {
  if (!request.member) throw unauthorized();
  return request.member;
}

/** The signed-in BDE of a route that declared `field`. */
export function fieldUserOf(request: FastifyRequest): FieldPrincipal {
  if (!request.fieldUser) throw unauthorized();
  return request.fieldUser;
}
