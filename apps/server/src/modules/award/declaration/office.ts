import type { PageParameter } from '@dandelion/shared';
import { DECLARATION_STATUS_LABELS, DECLARATION_STATUSES, type DeclarationStatus } from '@dandelion/shared/award/declaration';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import { maskIdNumber } from '@dandelion/shared/masking';
import { beijingTime, MAX_EXPORT_ROWS, workbookOf } from '../../../core/excel';
import type { DeclarationContext, DeclarationDeps, Viewer } from './context';
import { declarationRepo, type DeclarationFilter } from './repo';

export interface OfficeFilter {
  editionId?: number;
  prizeId?: number;
  status?: DeclarationStatus;
  unitOrgId?: number;
  nominatorOrgId?: number;
  disciplineCode?: string;
  keyword?: string;
}

/** The prize office's list of every declaration, its counts per status and the two Excel exports. */
export function createOfficeService(deps: DeclarationDeps, ctx: DeclarationContext) {
  const { db } = deps;
  const filterOf = (f: OfficeFilter): DeclarationFilter => ({ ...f });

  return {
    async page(viewer: Viewer, filter: OfficeFilter, page: PageParameter) {
      const result = await declarationRepo.page(db, filterOf(filter), page);
      return { ...result, list: await ctx.presentRows(db, viewer, result.list) };
    },

    async counts(filter: { editionId?: number; prizeId?: number }) {
      const rows = await declarationRepo.statusCounts(db, filter);
      const byStatus = new Map(rows.map((r) => [r.status, Number(r.count)]));
      return DECLARATION_STATUSES.filter((s) => byStatus.has(s)).map((status) => ({ status, count: byStatus.get(status)! }));
    },

    async exportDeclarations(viewer: Viewer, filter: OfficeFilter): Promise<Buffer> {
      const rows = await ctx.presentRows(db, viewer, await declarationRepo.list(db, filterOf(filter), MAX_EXPORT_ROWS));
      type R = (typeof rows)[number];
      return workbookOf<R>(
        '申报书',
        [
          { header: '登记号', width: 18, value: (r) => r.registrationNo },
          { header: '届次', width: 20, value: (r) => r.editionName },
          { header: '奖种', width: 14, value: (r) => r.prizeName },
          { header: '项目名称', width: 40, value: (r) => r.title },
          { header: '推荐等级', width: 10, value: (r) => (r.proposedGrade ? PRIZE_GRADE_LABELS[r.proposedGrade] : '') },
          { header: '状态', width: 14, value: (r) => DECLARATION_STATUS_LABELS[r.status] },
          { header: '当前环节', width: 24, value: (r) => r.currentStep },
          { header: '截止日期', width: 12, value: (r) => r.deadline },
          { header: '申报人', width: 12, value: (r) => r.applicantName },
          { header: '申报单位', width: 28, value: (r) => r.unitOrgName },
          { header: '提名单位', width: 28, value: (r) => r.nominatorOrgName },
          { header: '第一完成人', width: 12, value: (r) => r.firstCompleter },
          { header: '完成人数', width: 10, value: (r) => r.completerCount },
          { header: '提交时间', width: 20, value: (r) => beijingTime(r.submitTime) },
        ],
        rows,
      );
    },

    async exportCompleters(filter: OfficeFilter): Promise<Buffer> {
      const declarations = await declarationRepo.list(db, filterOf(filter), MAX_EXPORT_ROWS);
      const byId = new Map(declarations.map((d) => [d.id, d]));
      const completers = (await declarationRepo.completersOf(db, declarations.map((d) => d.id))).slice(0, MAX_EXPORT_ROWS * 10);
      type C = (typeof completers)[number];
      return workbookOf<C>(
        '主要完成人',
        [
          { header: '登记号', width: 18, value: (c) => byId.get(c.declarationId)?.registrationNo },
          { header: '项目名称', width: 40, value: (c) => byId.get(c.declarationId)?.title },
          { header: '状态', width: 14, value: (c) => DECLARATION_STATUS_LABELS[byId.get(c.declarationId)!.status] },
          { header: '排名', width: 8, value: (c) => c.rank },
          { header: '姓名', width: 12, value: (c) => c.name },
          { header: '证件号码', width: 22, value: (c) => maskIdNumber(c.idNumber) },
          { header: '工作单位', width: 30, value: (c) => c.unitName },
        ],
        completers,
      );
    },
  };
}
export type OfficeService = ReturnType<typeof createOfficeService>;
