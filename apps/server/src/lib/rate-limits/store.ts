import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Executor } from '../../db/client';
import { hit } from './rate-limits.repository';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface RouteParams {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for `@fastify/rate-limit` that keeps its counters in PostgreSQL (table `rate_limits`):
 * every instance counts the same hits, where the plugin's default in-process store would give each
 * instance its own allowance. Each limited route counts apart (its method and path prefix the key),
 * as the default store does, unless routes share a `groupId`.
 */
export function postgresRateLimitStore(db: Executor) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'global';
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      hit(db, `${this.prefix}|${key}`, timeWindow).then(
        ({ hits, resetsInMs }) => callback(null, { current: hits, ttl: resetsInMs }),
        (error: Error) => callback(error),
      );
    }

    // Typed as the route's options; what the plugin passes is its merged limit with `routeInfo`.
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const params = routeOptions as unknown as RouteParams;
      const { method, url } = params.routeInfo ?? {};
      const route = url ? `${[method].flat().join(',')} ${url}` : 'custom';
      return new PostgresRateLimitStore(params.groupId ? `group:${params.groupId}` : route);
    }
  };
}
