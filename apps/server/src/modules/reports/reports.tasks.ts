import { type ReportKey, XLSX_CONTENT_TYPE } from '@app/contract/reports';
import type { FastifyInstance } from 'fastify';
import type { ReportSource } from '../../lib/lists/report';
import { xlsxChunks } from '../../lib/xlsx-writer';
import type { TaskContext } from '../../plugins/jobs';
import { rangeOfDays } from './report-source';
import * as repo from './reports.repository';
import { REPORT_TASK, reportStream } from './reports.service';

interface GeneratePayload {
  reportId: number;
}

/** Builds a queued report into the file store, reporting progress per batch, then drops expired ones. */
async function generate(app: FastifyInstance, { reportId }: GeneratePayload, ctx: TaskContext) {
  const { db } = app.database;
  const report = await repo.findReport(db, reportId);
  if (!report || report.status === 'done') return { skipped: true };
  await repo.markRunning(db, report.id);
  const type = report.type as ReportKey;
  const source = app.registry.reportSources[type] as ReportSource | undefined;
  // A type removed from the catalogue since the request: fail the task (the list shows "Failed").
  if (!source) throw new Error(`Report type ${report.type} no longer exists`);
  const total = await source.count(app.database.reads(), rangeOfDays(report.startDate, report.endDate));
  await ctx.progress(0, total);

  let rows = 0;
  const { columns, rows: batches } = reportStream(app, type, report.startDate, report.endDate);
  const file = await app.files.save(
    {
      name: `${report.type}.xlsx`,
      contentType: XLSX_CONTENT_TYPE,
      purpose: 'report',
      owner: report.requestedBy ? { staffId: report.requestedBy } : 'system',
      attached: true,
    },
    xlsxChunks(columns, batches, async (written) => {
      rows = written;
      // Rows may arrive after the count: progress never claims more than all.
      await ctx.progress(written, Math.max(total, written));
    }),
  );
  try {
    await repo.markDone(db, report.id, { fileId: file.id, rows, size: file.size });
  } catch (error) {
    await app.files.remove(file.id);
    throw error;
  }
  // Housekeeping must not fail a report that is already built.
  await removeExpiredReports(app).catch((error: Error) =>
    app.log.warn({ err: error }, 'report cleanup failed'),
  );
  return { reportId: report.id, fileId: file.id, rows };
}

/** Expired reports go with their files; run after each build and by the daily clean-up. */
export async function removeExpiredReports(app: FastifyInstance): Promise<number> {
  const fileIds = await repo.deleteExpired(app.database.db);
  for (const id of fileIds) await app.files.remove(id);
  return fileIds.length;
}

export function registerReportTasks(app: FastifyInstance): void {
  app.jobs.register<GeneratePayload>(REPORT_TASK, (payload, ctx) => generate(app, payload, ctx));
}
