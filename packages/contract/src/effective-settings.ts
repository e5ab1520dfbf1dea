import { z } from 'zod';
import type { ActionId } from './actions';
import { endpoint } from './endpoint';
import { idParams, text } from './input';

/**
 * The effective-dated, maker-checker setting kit: a table of rows, each a set of
 * values from a day (IST), requested by one person (`pending`) and approved or rejected by another;
 * the latest approved row effective by now is in force, so the table is the history. Caps and limits,
 * the points expiry policy and the tier policy are settings of this kind; the server's half is
 * `apps/server/src/lib/settings/`, the web's `components/EffectiveSettingTab.tsx`.
 */
export const SETTING_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SettingStatus = (typeof SETTING_STATUSES)[number];

export const SETTING_MESSAGES = {
  effectiveFrom: 'Enter the date it takes effect (YYYY-MM-DD)',
  makerChecker: 'You requested this change; someone else must approve it',
} as const;

/** The fields every request body has beside its values: the day it takes effect (IST) and a note. */
export const settingRequestFields = {
  effectiveFrom: z.iso.date({ error: SETTING_MESSAGES.effectiveFrom }),
  note: text(500, { multiline: true }).nullish(),
};

/** The fields every row has beside its values: the request, the decision and whether it is in force. */
export const settingRowFields = {
  id: z.number().int(),
  effectiveFrom: z.string(),
  status: z.enum(SETTING_STATUSES),
  note: z.string().nullable(),
  requestedBy: z.number().int(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.number().int().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** The approved row in force now. */
  inForce: z.boolean(),
};

/** The common part of a setting's row, for code that handles any setting (the web tab). */
export interface SettingRow {
  id: number;
  effectiveFrom: string;
  status: SettingStatus;
  note: string | null;
  requestedBy: number;
  requestedByName: string | null;
  requestedAt: string;
  decidedBy: number | null;
  decidedByName: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  inForce: boolean;
}

/** The body of an approval or a rejection (the reason; a rejection needs one). */
export const settingDecisionBody = z.object({ reason: text(500, { multiline: true }).nullish() });

/**
 * A setting's four endpoints: `GET path` (every row, newest first), `POST path` (request), and
 * `POST path/:id/approve|reject`. Reads are guarded by the page, the request and the decisions by
 * their actions.
 */
export function settingEndpoints<
  const P extends `/${string}`,
  const Page extends string,
  const Request extends ActionId,
  const Approve extends ActionId,
  B extends z.ZodType,
  R extends z.ZodType,
>(
  path: P,
  options: {
    page: Page;
    actions: { request: Request; approve: Approve };
    tags: readonly string[];
    body: B;
    row: R;
    summaries: { list: string; request: string; approve: string; reject: string };
  },
) {
  const { tags, body, row, summaries } = options;
  const list = z.object({ rows: z.array(row) });
  return {
    list: endpoint({
      method: 'GET',
      path,
      access: { page: options.page },
      tags,
      summary: summaries.list,
      response: list,
    }) as {
      method: 'GET';
      path: P;
      access: { page: Page };
      tags: readonly string[];
      summary: string;
      response: typeof list;
    },
    request: endpoint({
      method: 'POST',
      path,
      access: { action: options.actions.request },
      tags,
      summary: summaries.request,
      body,
      response: row,
    }) as {
      method: 'POST';
      path: P;
      access: { action: Request };
      tags: readonly string[];
      summary: string;
      body: B;
      response: R;
    },
    approve: endpoint({
      method: 'POST',
      path: `${path}/:id/approve` as `/${string}`,
      access: { action: options.actions.approve },
      tags,
      summary: summaries.approve,
      params: idParams,
      body: settingDecisionBody,
      response: row,
    }) as {
      method: 'POST';
      path: `${P}/:id/approve`;
      access: { action: Approve };
      tags: readonly string[];
      summary: string;
      params: typeof idParams;
      body: typeof settingDecisionBody;
      response: R;
    },
    reject: endpoint({
      method: 'POST',
      path: `${path}/:id/reject` as `/${string}`,
      access: { action: options.actions.approve },
      tags,
      summary: summaries.reject,
      params: idParams,
      body: settingDecisionBody,
      response: row,
    }) as {
      method: 'POST';
      path: `${P}/:id/reject`;
      access: { action: Approve };
      tags: readonly string[];
      summary: string;
      params: typeof idParams;
      body: typeof settingDecisionBody;
      response: R;
    },
  };
}
