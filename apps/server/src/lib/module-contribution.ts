import { REPORTS, type ReportKey } from '@app/contract/reports';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DashboardProvider } from './dashboard/provider';
import type { ReportSource } from './lists/report';

/** What registers a module's background task kinds (`app.jobs.register(kind, handler)`) or timers. */
export type TaskRegistration = (app: FastifyInstance) => void;

/**
 * Everything one module adds to the application, exported from its `<module>.module.ts`. The
 * central registries (routes.ts, tasks.ts, the report sources, the dashboard cards) are folds over
 * the one module list in `modules/index.ts`: a new domain adds its contribution there and nowhere else.
 */
export interface ModuleContribution {
  /** The module's folder name, for messages. */
  name: string;
  /** Route plugins, mounted under /api. */
  routes?: readonly (FastifyPluginAsyncZod | FastifyPluginAsync)[];
  tasks?: readonly TaskRegistration[];
  /** The rows behind report catalogue entries (contract/reports.ts) this module owns. */
  reportSources?: Partial<Record<ReportKey, ReportSource>>;
  /** Dashboard cards and series, in display order (the module list's order across modules). */
  dashboardCards?: readonly DashboardProvider[];
}

/** The registries that other modules read at run time, folded once when the app is built. */
export interface ModuleRegistry {
  reportSources: Record<ReportKey, ReportSource>;
  dashboardProviders: readonly DashboardProvider[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the modules contribute (reports and dashboard read it; see lib/module-contribution.ts). */
    registry: ModuleRegistry;
  }
}

/**
 * Folds the module list into the registries. A catalogue entry without a source, or a source
 * claimed by two modules, stops start-up (the compile-time Record check of one central file is
 * replaced by this one at build time, which every test app runs).
 */
export function registryOf(modules: readonly ModuleContribution[]): ModuleRegistry {
  const sources: Partial<Record<ReportKey, ReportSource>> = {};
  for (const module of modules) {
    for (const [key, source] of Object.entries(module.reportSources ?? {}) as [ReportKey, ReportSource][]) {
      if (sources[key])
        throw new Error(`Report source ${key} is contributed twice (again by ${module.name})`);
      sources[key] = source;
    }
  }
  const missing = REPORTS.map((r) => r.key).filter((key) => !sources[key]);
  if (missing.length > 0) throw new Error(`No module contributes the report source of ${missing.join(', ')}`);
  return {
    reportSources: sources as Record<ReportKey, ReportSource>,
    dashboardProviders: modules.flatMap((m) => m.dashboardCards ?? []),
  };
}
