import { z } from 'zod';
import { auditEntry } from './audit';
import { scanRow } from './coupon-scans';
import { endpoint } from './endpoint';
import { listEndpoints } from './endpoint-kits';
import { idParams } from './input';
import { kycMasked } from './kyc';
import { ledgerEntry } from './ledger';
import {
  blockBody,
  memberDecisionBody,
  memberDecisionResult,
  memberDetail,
  memberRejectBody,
  memberRow,
} from './members';

// ─── Endpoints (declared once; the server registers them, the web calls them) ─────────────────────────
// In a file of their own: the tabs' rows come from kyc, ledger, audit and coupon-scans, which import
// members.ts.

const tags = ['members'] as const;
const users = { page: '/dashboard/users' } as const;
const blocking = { action: 'members.block' } as const;
const tabOf = <const P extends `/${string}`, R extends z.ZodType>(path: P, summary: string, response: R) =>
  endpoint({ method: 'GET', path, access: users, tags, summary, params: idParams, response });
const toggleOf = <const P extends `/${string}`>(path: P, summary: string) =>
  endpoint({
    method: 'POST',
    path,
    access: blocking,
    tags,
    summary,
    params: idParams,
    body: blockBody,
    response: memberDetail,
  });

/** All Users: every member, the detail view's tabs, block/unblock, export of the current filter. */
export const membersEndpoints = {
  ...listEndpoints('/admin/users', { access: users, row: memberRow, tags, summary: 'Members, filtered' }),
  one: tabOf('/admin/users/:id', 'One member: profile tab', memberDetail),
  ledger: listEndpoints('/admin/users/:id/ledger', {
    access: users,
    row: ledgerEntry,
    tags,
    summary: 'Ledger tab',
    params: idParams,
  }),
  scans: listEndpoints('/admin/users/:id/scans', {
    access: users,
    row: scanRow,
    tags,
    summary: 'Scans tab',
    params: idParams,
  }),
  kyc: tabOf('/admin/users/:id/kyc', 'KYC tab (masked)', z.array(kycMasked)),
  history: tabOf('/admin/users/:id/history', 'History tab (audit)', z.array(auditEntry)),
  block: toggleOf('/admin/users/:id/block', 'Block with a reason'),
  unblock: toggleOf('/admin/users/:id/unblock', 'Unblock with a reason'),
};

const approvalsTags = ['approvals'] as const;
const decideOf = <
  const P extends `/${string}`,
  A extends 'members.decide' | 'members.reapprove',
  B extends z.ZodType,
>(
  path: P,
  action: A,
  summary: string,
  body: B,
) =>
  endpoint({
    method: 'POST',
    path,
    access: { action },
    tags: approvalsTags,
    summary,
    body,
    response: memberDecisionResult,
  });

/** Pending User (approve/reject, one or many) and Rejected User (re-approve). */
export const memberApprovalsEndpoints = {
  pending: listEndpoints('/admin/pending-users', {
    access: { page: '/dashboard/approvals/pending_user' },
    row: memberRow,
    tags: approvalsTags,
    summary: 'Members pending',
  }),
  rejected: listEndpoints('/admin/rejected-users', {
    access: { page: '/dashboard/approvals/rejected_user' },
    row: memberRow,
    tags: approvalsTags,
    summary: 'Members rejected',
  }),
  approve: decideOf(
    '/admin/pending-users/approve',
    'members.decide',
    'Approve one or many pending members',
    memberDecisionBody,
  ),
  reject: decideOf(
    '/admin/pending-users/reject',
    'members.decide',
    'Reject one or many pending members (reason required)',
    memberRejectBody,
  ),
  reapprove: decideOf(
    '/admin/rejected-users/reapprove',
    'members.reapprove',
    'Re-approve one or many rejected members',
    memberDecisionBody,
  ),
};
