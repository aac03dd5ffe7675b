import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AWARDING_PERMISSIONS, awardingCalls } from '@dandelion/shared/award/awarding';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { attachmentHeader, sendWorkbook } from '../../../core/excel';
import { serve } from '../../../core/route';
import { renderCertificate } from './certificate';
import type { CertificateFont } from './deps';
import { awardListWorkbook } from './export';
import type { AwardingService, Officer } from './service';

const officerOf = (request: FastifyRequest): Officer => ({ change: changeOf(request), name: request.principal!.realname || request.principal!.username });

/** /rest/awarding/*: contract in, one service call, the answer out. */
export function registerAwardingRoutes(app: FastifyInstance, awarding: AwardingService, font: CertificateFont) {
  serve(app, awardingCalls.getPreview, async (request) => ok(await awarding.preview(request.body)));
  serve(app, awardingCalls.closeEdition, async (request) => {
    const closed = await awarding.close(officerOf(request), request.body.editionId);
    return ok(closed, `已结束评奖：授奖 ${closed.awarded} 项，不授奖 ${closed.notAwarded} 项`);
  });
  serve(app, awardingCalls.getAwardPage, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await awarding.page(filter, pageParameter));
  });
  serve(app, awardingCalls.export, async (request, reply) => {
    const { editionName, rows } = await awarding.exportRows(request.body);
    return sendWorkbook(reply, `授奖名单_${editionName}`, 'award_list', await awardListWorkbook(rows));
  });
  // Signed in: the office by its permission, anyone else only for their own declaration (the service checks).
  serve(app, awardingCalls.certificate, async (request, reply) => {
    const p = request.principal!;
    const content = await awarding.certificate({ userId: p.userId, mayReadAll: p.isSuperAdmin || p.permissions.has(AWARDING_PERMISSIONS.certificate) }, request.query.honourId);
    const pdf = await renderCertificate(content, font);
    const no = content.honour.registrationNo ?? content.honour.certificateNo ?? String(content.honour.id);
    return reply.header('content-type', 'application/pdf').header('content-disposition', attachmentHeader(`证书-${no}.pdf`, `certificate-${no.replace(/[^\w.-]/g, '_')}.pdf`)).send(pdf);
  });
  serve(app, awardingCalls.getMyHonours, async (request) => ok(await awarding.myHonours(request.principal!.userId)));
}
