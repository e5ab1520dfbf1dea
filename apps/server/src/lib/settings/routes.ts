import type { Endpoint } from '@app/contract/endpoint';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { actorOf } from '../audit';
import type { StaffActor } from './service';

/** What the routes need of a setting's service (`settingService`). */
interface SettingHandlers {
  list(app: FastifyInstance): Promise<unknown[]>;
  request(app: FastifyInstance, actor: StaffActor, body: never): Promise<unknown>;
  decide(
    app: FastifyInstance,
    actor: StaffActor,
    id: number,
    result: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<unknown>;
}

/**
 * Registers a setting's four endpoints (contract `settingEndpoints`) against its service. Like
 * `lib/decision-routes.ts`, a route kit of lib that registers through `plugins/endpoint-routes`.
 */
export function settingRoutes(
  app: FastifyInstance,
  endpoints: { list: Endpoint; request: Endpoint; approve: Endpoint; reject: Endpoint },
  service: SettingHandlers,
): void {
  const staffActor = (request: FastifyRequest): StaffActor => ({
    ...actorOf(request),
    id: staffOf(request).id,
  });
  const reasonOf = (request: FastifyRequest) => (request.body as { reason?: string | null }).reason ?? null;
  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;
  // The kit's endpoints are any setting's; the handlers are checked against the service above.
  const r = route as (
    app: FastifyInstance,
    e: Endpoint,
    h: (request: FastifyRequest) => Promise<unknown>,
  ) => void;
  r(app, endpoints.list, async () => ({ rows: await service.list(app) }));
  r(app, endpoints.request, async (request) =>
    service.request(app, staffActor(request), request.body as never),
  );
  r(app, endpoints.approve, async (request) =>
    service.decide(app, staffActor(request), idOf(request), 'approved', reasonOf(request)),
  );
  r(app, endpoints.reject, async (request) =>
    service.decide(app, staffActor(request), idOf(request), 'rejected', reasonOf(request)),
  );
}
