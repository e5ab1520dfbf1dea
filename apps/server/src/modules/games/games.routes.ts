import { auditEntry } from '@app/contract/audit';
import {
  GAME_ENTITY,
  GAMES_PAGE,
  gameBody,
  gamePlayRow,
  gameRow,
  gamesAppEndpoints,
} from '@app/contract/games';
import { idParams } from '@app/contract/input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { idempotencyOf, sendIdempotent } from '../../lib/idempotency';
import { listRoutes, pathId } from '../../lib/lists/routes';
import { action, memberOf, page } from '../../plugins/access';
import { route } from '../../plugins/endpoint-routes';
import { historyOf } from '../audit/audit.history';
import { findMemberDetail } from '../members';
import * as service from './games.service';

const params = idParams;
const access = page(GAMES_PAGE);
const manage = action('games.manage');
const tags = ['games'];
const one = { 200: gameRow };

/** Games Points: games with their prize tables, play history; the member app's games and plays. */
export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoutes(app, {
    path: '/admin/games',
    access,
    list: service.gameList,
    row: gameRow,
    fileName: 'games',
    tags,
    summary: 'Games with their prize tables',
  });

  listRoutes(app, {
    path: '/admin/game-plays',
    access,
    list: service.playList,
    row: gamePlayRow,
    fileName: 'game-plays',
    tags,
    summary: 'Play history',
  });

  // All Users → member detail: the member's game plays (read with the All Users page permission).
  listRoutes(app, {
    path: '/admin/users/:id/game-plays',
    access: page('/dashboard/users'),
    list: service.playList,
    row: gamePlayRow,
    fileName: 'member-game-plays',
    tags: ['members'],
    summary: 'Game plays tab',
    params,
    check: async (request) =>
      (await findMemberDetail(app.database.db, pathId(request))) ?? Promise.reject(notFound('Member')),
    scope: (request) => service.playsOfMember(pathId(request)),
  });

  app.get(
    '/admin/games/:id',
    { config: { access }, schema: { tags, summary: 'One game', params, response: one } },
    async (request) => service.getGame(app, request.params.id),
  );

  app.get(
    '/admin/games/:id/history',
    {
      config: { access },
      schema: { tags, summary: 'A game’s history (audit)', params, response: { 200: z.array(auditEntry) } },
    },
    async (request) => {
      await service.getGame(app, request.params.id);
      return historyOf(app.database.db, GAME_ENTITY, request.params.id);
    },
  );

  app.post(
    '/admin/games',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Create a game (probabilities must add up to 100%)',
        body: gameBody,
        response: one,
      },
    },
    async (request) => service.createGame(app, actorOf(request), request.body),
  );

  app.put(
    '/admin/games/:id',
    {
      config: { access: manage },
      schema: { tags, summary: 'Edit a game and its prize table', params, body: gameBody, response: one },
    },
    async (request) => service.updateGame(app, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/admin/games/:id/archive',
    {
      config: { access: manage },
      schema: { tags, summary: 'Archive a game (no more plays)', params, response: one },
    },
    async (request) => service.archiveGame(app, actorOf(request), request.params.id),
  );

  route(app, gamesAppEndpoints.open, async (request) => service.openGames(app, memberOf(request).id));

  route(app, gamesAppEndpoints.play, async (request, reply) => {
    const me = memberOf(request);
    const ctx = idempotencyOf(request, `member:${me.id}`);
    return sendIdempotent(reply, await service.play(app, me.id, request.params.id, ctx));
  });
};
