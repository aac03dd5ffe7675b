/** Test data of the declaration screens: answers shaped like the contracts'. Tests only. */
import type { Declaration, DeclarationRow, OpenPrize } from './api';

export const applicant = {
  userId: '9',
  username: 'zhangsan',
  realname: '张三',
  roles: [{ roleCode: 'APPLICANT', roleName: '申报人' }],
};

export function openPrize(extra: Partial<OpenPrize> = {}): OpenPrize {
  return {
    editionId: '5',
    editionName: '2026年度',
    year: 2026,
    prizeId: '31',
    prizeCode: 'TECH_PROGRESS',
    prizeName: '科技进步奖',
    kind: 'TECH_PROGRESS',
    guide: '面向在技术研究、开发、推广应用中作出突出贡献的项目。',
    declarationStart: '2026-01-01',
    declarationEnd: '2099-12-31',
    ...extra,
  };
}

export function declarationRow(extra: Partial<DeclarationRow> = {}): DeclarationRow {
  return {
    declarationId: '101',
    editionId: '5',
    editionName: '2026年度',
    prizeId: '31',
    prizeName: '科技进步奖',
    title: '高效节能电机关键技术',
    proposedGrade: 'FIRST',
    status: 'DRAFT',
    registrationNo: null,
    applicantName: '张三',
    unitOrgName: '示范大学',
    nominatorOrgName: null,
    firstCompleter: '张三',
    completerCount: 1,
    currentStep: '草稿',
    deadline: '2099-12-31',
    resubmitted: false,
    revocationPending: false,
    submitTime: null,
    actions: ['EDIT', 'DELETE', 'SUBMIT', 'PRINT'],
    updateTime: '2026-03-01T02:00:00.000Z',
    lockVersion: 3,
    ...extra,
  };
}

export function declaration(extra: Partial<Declaration> = {}): Declaration {
  return {
    ...declarationRow(),
    prizeCode: 'TECH_PROGRESS',
    prizeKind: 'TECH_PROGRESS',
    grades: [
      { grade: 'FIRST', quota: 10, maxPersons: 15, maxUnits: 10 },
      { grade: 'SECOND', quota: 20, maxPersons: 10, maxUnits: 7 },
    ],
    formConfig: {
      sections: ['BASIC', 'COMPLETERS', 'UNITS', 'SUMMARY', 'ECONOMIC', 'ATTACHMENTS'],
      wordLimits: { title: 30, summary: 1000 },
      requiredAttachments: ['COMMITMENT'],
    },
    unitOrgId: null,
    nominatorOrgId: null,
    content: {
      BASIC: { title: '高效节能电机关键技术', proposedGrade: 'FIRST', disciplineCodes: ['470'], category: 'TECH_DEVELOPMENT', secrecy: 'PUBLIC' },
      COMPLETERS: { completers: [{ name: '张三', idNumber: '11010519491231002X', title: '教授', unitName: '示范大学' }] },
      UNITS: null,
      SUMMARY: null,
      INNOVATIONS: null,
      IP: null,
      PAPERS: null,
      APPLICATION: null,
      ECONOMIC: null,
      SOCIAL: null,
      ATTACHMENTS: null,
    },
    lastNote: null,
    revocation: null,
    createTime: '2026-03-01T01:00:00.000Z',
    createBy: '张三',
    createById: '9',
    updateBy: '张三',
    updateById: '9',
    delFlag: 0,
    ...extra,
  } as Declaration;
}
