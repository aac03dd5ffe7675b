/** Shared answers of the expert tab and invitation tests: an expert's profile as the server answers it. */
import type { MyExpertProfile } from './api';

export const INVITE_TOKEN = 'invite_Token-0123456789abcdef';

export function myProfile(over: Partial<MyExpertProfile> = {}): MyExpertProfile {
  return {
    expertId: '31',
    userId: '9',
    name: '李专家',
    idNumber: '11010519491231002X',
    gender: 'MALE',
    birthYear: 1970,
    phone: '13900001111',
    email: 'li@example.com',
    title: '教授',
    position: null,
    unitName: '示例大学',
    unitCreditCode: null,
    region: '330106',
    disciplineCodes: ['52020'],
    keywords: ['机器学习'],
    status: 'REGISTERED',
    source: 'REGISTERED',
    statusReason: null,
    statusUntil: null,
    formerUnits: [],
    relations: [],
    remark: null,
    evidenceFileId: null,
    createTime: '2026-11-20T02:00:00.000Z',
    createBy: '李专家',
    createById: '9',
    updateTime: '2026-11-20T02:00:00.000Z',
    updateBy: '李专家',
    updateById: '9',
    delFlag: 0,
    lockVersion: 3,
    ...over,
  };
}
