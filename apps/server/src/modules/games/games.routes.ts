import { GAME_ENTITY, gamesAppEndpoints, gamesEndpoints } from '@app/contract/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { memberOf } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { historyOf } from '../audit';
import { findMemberDetail } from '../members';
import * as service from './games.service';

/** Games Points: games with their prize tables, play history; the member app's games and plays. */
export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = gamesEndpoints;
  listRoutes(app, { endpoints: e, list: service.gameList, fileName: 'games' });
  listRoutes(app, { endpoints: e.plays, list: service.playList, fileName: 'game-plays' });

  // All Users → member detail: the member's game plays (read with the All Users page permission).
  listRoutes(app, {
    endpoints: e.ofMember,
    list: service.playList,
    fileName: 'member-game-plays',
    check: async (request) =>
      (await findMemberDetail(app.database.db, pathId(request))) ?? Promise.reject(notFound('Member')),
    scope: (request) => service.playsOfMember(pathId(request)),
  });

  route(app, e.one, async (request) => service.getGame(app, request.params.id));
  route(app, e.history, async (request) => {
    await service.getGame(app, request.params.id);
    return historyOf(app.database.db, GAME_ENTITY, request.params.id);
  });
  route(app, e.create, async (request) => service.createGame(app, actorOf(request), request.body));
  route(app, e.update, async (request) =>
    service.updateGame(app, actorOf(request), request.params.id, request.body),
  );
  route(app, e.archive, async (request) => service.archiveGame(app, actorOf(request), request.params.id));

  route(app, gamesAppEndpoints.open, async (request) => service.openGames(app, memberOf(request).id));

  route(app, gamesAppEndpoints.play, async (request, reply) => {
    const me = memberOf(request);
    const ctx = idempotencyOf(request, `member:${me.id}`);
    return sendIdempotent(reply, await service.play(app, me.id, request.params.id, ctx));
  });
};
