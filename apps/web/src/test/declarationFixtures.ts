/** A declaration as the server answers it, for the console's declaration screens' tests. */
import type { CallData } from '@dandelion/shared';
import type { declareCalls } from '@dandelion/shared/award/declaration';

type Detail = CallData<typeof declareCalls.detail>;

export function declarationDetail(overrides: Partial<Detail> = {}): Detail {
  return {
    declarationId: '41',
    editionId: '7',
    editionName: '2026年度科学技术奖',
    prizeId: '3',
    prizeName: '科技进步奖',
    prizeCode: 'KJJB',
    prizeKind: 'TECH_PROGRESS',
    title: '高效光伏组件关键技术',
    proposedGrade: 'FIRST',
    status: 'SUBMITTED',
    registrationNo: 'KJ2026-0001',
    applicantName: '王申报',
    unitOrgId: '21',
    unitOrgName: '省能源研究院',
    nominatorOrgId: '31',
    nominatorOrgName: '省科学技术厅',
    firstCompleter: '张三',
    completerCount: 2,
    currentStep: '待单位审核',
    deadline: null,
    resubmitted: false,
    revocationPending: false,
    submitTime: '2026-03-10T02:00:00.000Z',
    actions: ['UNIT_REVIEW'],
    updateTime: '2026-03-10T02:00:00.000Z',
    lockVersion: 3,
    grades: [{ grade: 'FIRST', quota: 10, maxPersons: 10, maxUnits: 7 }],
    formConfig: { sections: ['BASIC', 'UNITS', 'COMPLETERS', 'SUMMARY', 'ATTACHMENTS'], wordLimits: {}, requiredAttachments: ['COMMITMENT', 'SEAL_PAGE'] },
    content: {
      BASIC: { title: '高效光伏组件关键技术', proposedGrade: 'FIRST', disciplineCodes: ['480'], category: 'TECH_DEVELOPMENT', contactName: '王申报', contactPhone: '13800000001' },
      COMPLETERS: {
        completers: [
          { name: '张三', idNumber: '11010519491231002X', title: '研究员', unitName: '省能源研究院' },
          { name: '李四', idNumber: '110105194912310037', title: '高级工程师', unitName: '省能源研究院' },
        ],
      },
      UNITS: { units: [{ unitName: '省能源研究院', creditCode: '91350100M000100Y43' }] },
      SUMMARY: { summary: '<p>项目<strong>简介</strong></p>' },
      INNOVATIONS: null,
      IP: null,
      PAPERS: null,
      APPLICATION: null,
      ECONOMIC: null,
      SOCIAL: null,
      ATTACHMENTS: { attachments: [{ type: 'COMMITMENT', fileId: '501', fileName: '承诺书.pdf' }] },
    },
    lastNote: null,
    revocation: null,
    createTime: '2026-03-01T02:30:00.000Z',
    createBy: 'wang',
    createById: '9',
    updateBy: 'wang',
    updateById: '9',
    delFlag: 0,
    ...overrides,
  } as Detail;
}

/** The list row of the same declaration. */
export function declarationRow(overrides: Partial<Detail> = {}) {
  const { prizeCode: _c, prizeKind: _k, grades: _g, formConfig: _f, unitOrgId: _u, nominatorOrgId: _n, content: _ct, lastNote: _l, revocation: _r, createTime: _ct2, createBy: _cb, createById: _cbi, updateBy: _ub, updateById: _ubi, delFlag: _d, ...row } = declarationDetail(overrides);
  return row;
}
