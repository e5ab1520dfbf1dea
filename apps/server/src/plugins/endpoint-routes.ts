import type { Endpoint, EndpointReply, ParsedBody, ParsedParams, ParsedQuery } from '@app/contract/endpoint';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import { accessConfig } from './access';

/** The request of a declared endpoint: its parameters, query and body as the schemas parsed them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest & {
  params: ParsedParams<E>;
  query: ParsedQuery<E>;
  body: ParsedBody<E>;
};

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointReply<E> | FastifyReply>;

/** Route options a declaration does not carry (body limit, rate limit, a multipart parser's config). */
export type RouteExtras = Pick<RouteOptions, 'bodyLimit' | 'preHandler' | 'preValidation'> & {
  config?: Record<string, unknown>;
  /**
   * Answers the declaration cannot say, by status, for the docs and the serializer: a download's 200
   * (`{ description, content: { [type]: … } }`), a 201 or a 202 with its schema.
   */
  responses?: Record<number, unknown>;
};

/**
 * Registers the handler of a contract endpoint: method, path, access and schemas all come from the
 * declaration (packages/contract), so the server and the web cannot disagree about them.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  declaration: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const { method, path, summary, tags, params, query, headers, body, response } = declaration;
  const { responses: more, ...options } = extras;
  const responses = {
    ...(response ? { [declaration.created ? 201 : 200]: response } : {}),
    ...(declaration.noContent ? { 204: z.null() } : {}),
    ...more,
  };
  app.route({
    method,
    url: path,
    ...options,
    config: { ...accessConfig(declaration.access), ...options.config },
    schema: {
      summary,
      tags: [...tags],
      ...(params ? { params } : {}),
      ...(query ? { querystring: query } : {}),
      ...(headers ? { headers } : {}),
      ...(body ? { body } : {}),
      ...(Object.keys(responses).length > 0 ? { response: responses } : {}),
    },
    handler: (declaration.created ? created(handler) : handler) as unknown as RouteHandlerMethod,
  });
}

/** A handler whose success is 201 Created; an error still answers its own status. */
const created =
  <E extends Endpoint>(handler: EndpointHandler<E>): EndpointHandler<E> =>
  (request, reply) =>
    handler(request, reply.status(201));
