import type { FastifyInstance } from 'fastify';
import { bankCalls } from '@dandelion/shared/award/bank';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { BankService } from './service';

/** /rest/bank/*: the office's masked list and detail, finance's full number, everyone's own account. */
export function registerBankRoutes(app: FastifyInstance, bank: BankService) {
  serve(app, bankCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await bank.page(filter, pageParameter));
  });
  serve(app, bankCalls.detail, async (request) => ok(await bank.detail(request.body.id)));
  serve(app, bankCalls.fullNumber, async (request) => ok(await bank.fullNumber(request.body.id, changeOf(request)), '本次查看已记入操作日志'));
  serve(app, bankCalls.mine, async (request) => ok(await bank.mine(request.principal!.userId)));
  serve(app, bankCalls.saveMine, async (request) => ok(await bank.saveMine(request.body, changeOf(request)), '保存成功'));
}
