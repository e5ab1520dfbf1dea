import { Readable } from 'node:stream';
import {
  type DownloadReportBody,
  type GeneratedReport,
  REPORT_MESSAGES,
  type ReportDefinition,
  type ReportKey,
  type ReportQueued,
  type ReportTypeOption,
  reportDefinition,
  reportsAllowed,
} from '@app/contract/reports';
import type { FastifyInstance } from 'fastify';
import { type Actor, audit } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { defineList } from '../../lib/lists/define';
import { xlsxChunks } from '../../lib/xlsx-writer';
import type { StaffPrincipal } from '../auth';
import { rangeOfDays } from './report-source';
import type { GeneratedRow } from './reports.repository';
import * as repo from './reports.repository';

/** Rows read from the database per query: large enough to be fast, small enough to stay in bounds. */
export const REPORT_BATCH_SIZE = 1000;
export const REPORT_TASK = 'report.generate';

/**
 * Who sees every staff member's generated reports: the holders of User Roles (almond team alone by
 * default). A permission, not a role name, so a custom role given User Roles sees them too; everyone
 * else sees only their own.
 */
export const SEES_ALL_REPORTS_PERMISSION = '/dashboard/roles';
const seesAll = (me: StaffPrincipal) => me.permissions.has(SEES_ALL_REPORTS_PERMISSION);

type Who = Pick<StaffPrincipal, 'permissions'>;

/** The report's definition, if the caller's role holds the page the report belongs to. */
export function mayRun(me: Who, type: string): ReportDefinition {
  const definition = reportDefinition(type);
  if (!definition) {
    throw badRequest(`reportType: ${REPORT_MESSAGES.typeUnknown}`, {
      reportType: REPORT_MESSAGES.typeUnknown,
    });
  }
  if (!me.permissions.has(definition.permission)) throw forbidden('Your role may not run this report');
  return definition;
}

export const typesFor = (me: Who): ReportTypeOption[] =>
  reportsAllowed(me.permissions).map(({ key, label, dateField }) => ({ key, label, dateField }));

/** An xlsx of the report's rows, streamed as they are read: nothing holds the whole sheet. */
export function reportStream(app: FastifyInstance, type: ReportKey, startDate: string, endDate: string) {
  const source = app.registry.reportSources[type];
  const rows = source.batches(app.database.reads(), rangeOfDays(startDate, endDate), REPORT_BATCH_SIZE);
  // The source's columns: the catalogue's, each with its format (one format for every file).
  return { columns: source.columns, rows };
}

/** Use 1: checks, records the export in the audit log, then streams the file. */
export async function download(
  app: FastifyInstance,
  me: StaffPrincipal,
  actor: Actor,
  body: DownloadReportBody,
): Promise<Readable> {
  mayRun(me, body.reportType);
  await audit(app.database.db, actor, {
    action: 'report.downloaded',
    entity: 'report',
    entityId: body.reportType,
    after: { startDate: body.startDate, endDate: body.endDate },
  });
  const { columns, rows } = reportStream(app, body.reportType, body.startDate, body.endDate);
  return Readable.from(xlsxChunks(columns, rows));
}

/** Use 2: the report row and its task are created together, or neither is. */
export async function queue(
  app: FastifyInstance,
  me: StaffPrincipal,
  actor: Actor,
  body: DownloadReportBody,
): Promise<ReportQueued> {
  mayRun(me, body.reportType);
  return app.database.db.transaction(async (tx) => {
    const request = { type: body.reportType, startDate: body.startDate, endDate: body.endDate };
    const id = await repo.insertReport(tx, { ...request, requestedBy: me.id });
    const taskId = await app.jobs.enqueue(tx, REPORT_TASK, { reportId: id }, me.id);
    await repo.linkTask(tx, id, taskId);
    await audit(tx, actor, { action: 'report.requested', entity: 'report', entityId: id, after: request });
    return { id, taskId, status: 'queued' as const };
  });
}

/** Generated reports, labelled from the catalogue. */
export const generatedList = defineList<GeneratedReport, GeneratedRow>({
  ...repo.generatedListDeclaration,
  map: (r) => ({
    ...r,
    label: reportDefinition(r.type)?.label ?? r.type,
    status: r.status as GeneratedReport['status'],
  }),
  computed: { label: { label: 'Report', width: 24, cell: (row) => row.label } },
});

/** My own unexpired reports, or everyone's for those who see all. */
export const generatedScope = (me: StaffPrincipal) => repo.liveReports(seesAll(me) ? undefined : me.id);

/**
 * The stored file of a finished report. Another person's report is "not found" (its existence is
 * not revealed) unless the caller sees all; the report's own permission is checked again, since
 * a role may have lost it since the request.
 */
export async function openGenerated(app: FastifyInstance, me: StaffPrincipal, id: number) {
  const report = await repo.findDownloadable(app.database.db, id);
  if (!report || (report.requestedBy !== me.id && !seesAll(me))) throw notFound('Report');
  mayRun(me, report.type);
  const file = await app.files.stat(report.fileId!);
  if (!file) throw notFound('Report');
  return { name: `${report.type}.xlsx`, file };
}
