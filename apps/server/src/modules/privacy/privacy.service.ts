import type { FastifyInstance } from 'fastify';
import { type Actor, audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { type MemberData, memberDataOf, memberDataPdf } from './member-data';
import * as repo from './privacy.repository';

export { breachReport, notifyBreach, recordBreach } from './breaches.service';
export { consentStateOf, giveConsent, recordConsent, withdrawConsent } from './consent.service';
export { askRequest, decideRequest } from './requests.service';
export { decideRetention, listRetention, requestRetention } from './retention.service';

/** The member downloads his own data: audited as an access under the Act. */
export async function exportOwnData(
  app: FastifyInstance,
  memberId: number,
  format: 'json' | 'pdf',
): Promise<{ name: string; contentType: string; body: Buffer | string }> {
  const data = await memberDataOf(app.database.db, memberId);
  await audit(
    app.database.db,
    { id: null, role: `member:${memberId}`, requestId: null },
    { action: 'privacy.access', entity: 'members', entityId: memberId, after: { format } },
  );
  return shaped(data, format);
}

/** Staff read a member's data for his access request (the action `privacy.handle`), audited. */
export async function exportForRequest(app: FastifyInstance, actor: Actor, requestId: number) {
  const request = await repo.findRequest(app.database.db, requestId);
  if (!request) throw notFound('Privacy request');
  const data = await memberDataOf(app.database.db, request.memberId);
  await audit(app.database.db, actor, {
    action: 'privacy.access',
    entity: 'privacy_requests',
    entityId: requestId,
    after: { memberId: request.memberId },
  });
  return shaped(data, 'json');
}

async function shaped(data: MemberData, format: 'json' | 'pdf') {
  if (format === 'pdf')
    return {
      name: `personal-data-${data.member}.pdf`,
      contentType: 'application/pdf',
      body: await memberDataPdf(data),
    };
  return {
    name: `personal-data-${data.member}.json`,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(data, null, 2),
  };
}
