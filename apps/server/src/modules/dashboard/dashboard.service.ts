import type { DashboardQuery, DashboardResponse } from '@app/contract/dashboard';
import type { FastifyInstance } from 'fastify';
import type { StaffPrincipal } from '../auth';
import { resolveRange } from './dashboard.range';

/** The cards and series of the caller's areas: only what their role's pages cover. */
export async function dashboard(
  app: FastifyInstance,
  me: StaffPrincipal,
  query: DashboardQuery,
): Promise<DashboardResponse> {
  const range = resolveRange(query);
  // Figures over ranges decide nothing: the read replica answers them when there is one.
  const db = app.database.reads();
  const holds = (page: string) => me.permissions.has(page);
  const providers = app.registry.dashboardProviders.filter((p) => p.pages.some(holds));
  const parts = await Promise.all(
    providers.map(async (p) => ({
      cards: (await p.cards?.(db, range)) ?? [],
      series: (await p.series?.(db, range)) ?? [],
    })),
  );
  // A figure two areas offer (points issued: the ledger's and the schemes') is shown once, from the
  // first module that offers it (the module order of modules/index.ts).
  const seen = new Set<string>();
  const cards = parts
    .flatMap((p) => p.cards)
    .filter((c) => holds(c.page))
    .filter((c) => !seen.has(c.key) && seen.add(c.key));
  return {
    from: range.from,
    to: range.to,
    cards,
    series: parts.flatMap((p) => p.series).filter((s) => holds(s.page)),
  };
}
