import { actionById } from '@app/contract/actions';
import type { EndpointAccess } from '@app/contract/endpoint';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Access, action, integration, page } from '../lib/access-rules';
import { forbidden, unauthorized } from '../lib/errors';
import { resolveStaffSession, type StaffPrincipal } from '../modules/auth/auth.service';
import { type FieldPrincipal, resolveFieldSession } from '../modules/employees/field-sessions';
import { type IntegrationPrincipal, resolveApiKey } from '../modules/integrations/api-keys';
import { type MemberPrincipal, resolveMemberSession } from '../modules/member-auth/member-sessions';
import {
  checkStanding,
  MEMBER_WRITES,
  type MemberWrite,
  type MemberWriteDeclaration,
  memberLimitKey,
} from '../modules/member-auth/member-writes';

/** Declared in lib/access-rules.ts (lib sits below plugins); re-exported for the route files. */
export { type Access, action, integration, page };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A member route that changes something: its business function (memberWrite below). */
    memberWrite?: MemberWrite;
  }
  interface FastifyRequest {
    staff: StaffPrincipal | null;
    member: MemberPrincipal | null;
    fieldUser: FieldPrincipal | null;
    /** The service account of an integration route's API key. */
    integration: IntegrationPrincipal | null;
  }
  interface FastifyInstance {
    /** Every API route with what it declared: the permission test and snapshot read this. */
    accessTable: { method: string; url: string; access: Access; memberWrite?: MemberWrite }[];
  }
}

/** The permission id a route checks, or nothing for public, staff and member routes. */
export const permissionOf = (access: Access): string | undefined =>
  typeof access === 'string' || 'integration' in access
    ? undefined
    : 'page' in access
      ? access.page
      : access.action;

export const describeAccess = (access: Access): string => {
  if (typeof access === 'string') return access;
  if ('page' in access) return `page:${access.page}`;
  if ('integration' in access) return `integration:${access.integration}`;
  return `action:${access.action} (${actionById(access.action)?.page})`;
};

/**
 * The declaration of a member route that changes something: `member` access, the guard of its
 * business function (standing, terms; modules/member-auth/member-writes.ts) and its per-member
 * limit, counted in PostgreSQL by the rate-limit plugin's store after the guard let the call in.
 */
export function memberWrite(name: MemberWrite) {
  const declared: MemberWriteDeclaration = MEMBER_WRITES[name];
  const limit = 'limit' in declared ? declared.limit : undefined;
  return {
    access: 'member' as const,
    memberWrite: name,
    ...(limit
      ? {
          rateLimit: {
            max: limit.max,
            timeWindow: limit.windowMinutes * 60_000,
            keyGenerator: (request: FastifyRequest) => memberLimitKey(request.member?.id),
          },
        }
      : {}),
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Routes that libraries register (the docs UI, the web app's static files) are public by nature. */
const isLibraryRoute = (url: string) => url.startsWith('/api/docs') || !url.startsWith('/api');

export function registerAccessControl(app: FastifyInstance): void {
  app.decorateRequest('staff', null);
  app.decorateRequest('member', null);
  app.decorateRequest('fieldUser', null);
  app.decorateRequest('integration', null);
  const table: FastifyInstance['accessTable'] = [];
  app.decorate('accessTable', table);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.config?.access) {
      const { access, memberWrite: write } = route.config;
      // Every member write passes the standing guard: one that declares no business function is a
      // programming error caught at start-up, like a route without access.
      if (access === 'member' && !write && methods.some((m) => !READS.has(m)))
        throw new Error(
          `Member route ${route.method} ${route.url} changes something: declare memberWrite(...)`,
        );
      for (const method of methods) table.push({ method, url: route.url, access, memberWrite: write });
      return;
    }
    if (isLibraryRoute(route.url)) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    throw new Error(`Route ${route.method} ${route.url} declares no access (config.access)`);
  });

  app.addHook('onRequest', async (request, reply) => {
    // An API answer is for its caller and for now: no browser or proxy keeps a copy (a download
    // that may be kept says so itself, lib/downloads.ts). Set first, so refusals carry it too.
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs'))
      reply.header('cache-control', 'no-store');
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
      const write = request.routeOptions.config.memberWrite;
      const rule: MemberWriteDeclaration | undefined = write ? MEMBER_WRITES[write] : undefined;
      if (rule && 'allow' in rule) await checkStanding(app, member.id, rule);
      return;
    }
    if (access === 'field') {
      const fieldUser = await resolveFieldSession(app, request);
      if (!fieldUser) throw unauthorized();
      request.fieldUser = fieldUser;
      return;
    }
    if (typeof access === 'object' && 'integration' in access) {
      // Only an API key opens these; a staff session token is not one (and a key opens nothing else).
      const caller = await resolveApiKey(app, request);
      if (!caller) throw unauthorized('A valid, unexpired API key is required: Authorization: Bearer ak_…');
      request.integration = caller;
      if (!caller.scopes.has(access.integration)) throw forbidden();
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

/**
 * The route config of a contract endpoint's access: pages and actions checked against the
 * permission tables, member writes against MEMBER_WRITES, each at start-up.
 */
export function accessConfig(declared: EndpointAccess) {
  if (typeof declared === 'string') return { access: declared as Access };
  if ('page' in declared) return { access: page(declared.page) };
  if ('action' in declared) return { access: action(declared.action) };
  if ('integration' in declared) return { access: integration(declared.integration) };
  if (!(declared.memberWrite in MEMBER_WRITES))
    throw new Error(`Unknown member write ${declared.memberWrite}`);
  return memberWrite(declared.memberWrite as MemberWrite);
}
