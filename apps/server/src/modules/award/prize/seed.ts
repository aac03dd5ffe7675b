import type { PrizeFormConfig, PrizeGradeRule, RubricCriterion } from '@dandelion/shared/award/prize';
import type { Tx } from '../../../core/db';
import { prizeRepo, type PrizeFields } from './repo';

const grade = (g: PrizeGradeRule['grade'], quota: number, maxPersons: number, maxUnits: number): PrizeGradeRule => ({ grade: g, quota, maxPersons, maxUnits });
const criterion = (name: string, weight: number, description: string | null = null): RubricCriterion => ({ name, weight, maxScore: weight, description });
const LIMITS: PrizeFormConfig['wordLimits'] = { title: 30, summary: 1000, innovations: 5000, application: 3000, social: 2000 };

/**
 * The prize kinds of a provincial scheme (自然科学奖, 技术发明奖, 科技进步奖, 国际科技合作奖,
 * 青年科技奖) with caps, rubrics and forms in line with published provincial rules. Every value
 * is the office's to change; the seed only spares them starting from nothing.
 */
export const DEFAULT_PRIZES: PrizeFields[] = [
  {
    prizeCode: 'ZRKX',
    prizeName: '自然科学奖',
    kind: 'NATURAL_SCIENCE',
    guide: '授予在基础研究和应用基础研究中阐明自然现象、特征和规律，做出重大科学发现的个人或集体。',
    grades: [grade('FIRST', 10, 5, 3), grade('SECOND', 20, 5, 3), grade('THIRD', 30, 5, 3)],
    rubric: [criterion('科学发现的创新性', 40), criterion('学术影响与科学价值', 30), criterion('研究难度与复杂程度', 15), criterion('对学科发展的推动作用', 15)],
    formConfig: { sections: ['BASIC', 'COMPLETERS', 'UNITS', 'SUMMARY', 'INNOVATIONS', 'PAPERS', 'ATTACHMENTS'], wordLimits: LIMITS, requiredAttachments: ['COMMITMENT', 'SEAL_PAGE', 'PAPER'] },
    status: 'NORMAL',
    sort: 1,
    remark: null,
  },
  {
    prizeCode: 'JSFM',
    prizeName: '技术发明奖',
    kind: 'TECH_INVENTION',
    guide: '授予运用科学技术知识做出产品、工艺、材料、器件及其系统等重大技术发明的个人或集体。',
    grades: [grade('FIRST', 8, 6, 3), grade('SECOND', 15, 6, 3), grade('THIRD', 25, 6, 3)],
    rubric: [criterion('发明的创新性', 35), criterion('技术水平与成熟度', 25), criterion('应用情况及经济社会效益', 25), criterion('对行业技术进步的作用', 15)],
    formConfig: {
      sections: ['BASIC', 'COMPLETERS', 'UNITS', 'SUMMARY', 'INNOVATIONS', 'IP', 'APPLICATION', 'ECONOMIC', 'SOCIAL', 'ATTACHMENTS'],
      wordLimits: LIMITS,
      requiredAttachments: ['COMMITMENT', 'SEAL_PAGE', 'IP_PROOF', 'APPLICATION_PROOF'],
    },
    status: 'NORMAL',
    sort: 2,
    remark: null,
  },
  {
    prizeCode: 'KJJB',
    prizeName: '科技进步奖',
    kind: 'TECH_PROGRESS',
    guide: '授予在技术研究、技术开发、技术创新、推广应用先进科学技术成果、实施重大工程等方面做出突出贡献的个人和组织。',
    grades: [grade('SPECIAL', 1, 15, 10), grade('FIRST', 20, 10, 7), grade('SECOND', 40, 7, 5), grade('THIRD', 60, 5, 3)],
    rubric: [
      criterion('技术创新程度', 30),
      criterion('技术经济指标的先进程度', 20),
      criterion('经济效益', 20),
      criterion('社会效益', 15),
      criterion('推动行业科技进步的作用', 15),
    ],
    formConfig: {
      sections: ['BASIC', 'COMPLETERS', 'UNITS', 'SUMMARY', 'INNOVATIONS', 'IP', 'PAPERS', 'APPLICATION', 'ECONOMIC', 'SOCIAL', 'ATTACHMENTS'],
      wordLimits: LIMITS,
      requiredAttachments: ['COMMITMENT', 'SEAL_PAGE', 'EVALUATION', 'APPLICATION_PROOF'],
    },
    status: 'NORMAL',
    sort: 3,
    remark: null,
  },
  {
    prizeCode: 'GJHZ',
    prizeName: '国际科技合作奖',
    kind: 'INTL_COOPERATION',
    guide: '授予对本省科学技术事业做出重要贡献的外国人或者外国组织。',
    grades: [grade('UNGRADED', 3, 1, 1)],
    rubric: [criterion('合作成果的重要性', 40), criterion('对本省科技发展的贡献', 40), criterion('合作的持续性与影响', 20)],
    formConfig: {
      sections: ['BASIC', 'COMPLETERS', 'SUMMARY', 'INNOVATIONS', 'APPLICATION', 'SOCIAL', 'ATTACHMENTS'],
      wordLimits: LIMITS,
      requiredAttachments: ['COMMITMENT'],
    },
    status: 'NORMAL',
    sort: 4,
    remark: null,
  },
  {
    prizeCode: 'QNKJ',
    prizeName: '青年科技奖',
    kind: 'YOUTH',
    guide: '授予在科学研究、技术创新中做出突出成绩、申报当年不超过40周岁的青年科技工作者。',
    grades: [grade('UNGRADED', 10, 1, 1)],
    rubric: [criterion('学术或技术成就', 50), criterion('创新能力与发展潜力', 30), criterion('社会贡献', 20)],
    formConfig: { sections: ['BASIC', 'COMPLETERS', 'SUMMARY', 'INNOVATIONS', 'PAPERS', 'ATTACHMENTS'], wordLimits: LIMITS, requiredAttachments: ['COMMITMENT', 'SEAL_PAGE'] },
    status: 'NORMAL',
    sort: 5,
    remark: null,
  },
];

/** Seeds the default prizes once, into an installation that has never had a prize (deleted ones count). */
export async function seedPrizes(tx: Tx): Promise<void> {
  if (!(await prizeRepo.isEmpty(tx))) return;
  for (const prize of DEFAULT_PRIZES) await prizeRepo.insert(tx, prize, null);
}
