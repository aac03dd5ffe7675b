import type { LookupKind } from '@dandelion/shared/award/lookup';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../../core/db';
import { notDeleted } from '../../../core/records';
import { lookupRepo, type LookupFields } from './repo';
import { awardLookup, type LookupLevel } from './tables';

const entry = (name: string, code: string | null, agency: string | null, level: LookupLevel, sort: number, remark: string | null = null): LookupFields => ({
  name, code, agency, level, sort, remark,
});

/**
 * The programmes, plan projects and task origins a provincial office starts from (the categories of the
 * national and provincial award forms' 任务来源 field). Every row is the office's to change or delete.
 */
export const DEFAULT_LOOKUPS: Readonly<Record<LookupKind, LookupFields[]>> = {
  FUND: [
    entry('国家自然科学基金', 'NSFC', '国家自然科学基金委员会', 'NATIONAL', 1, '面上项目、重点项目、青年科学基金项目等'),
    entry('国家杰出青年科学基金', 'NSFC-JQ', '国家自然科学基金委员会', 'NATIONAL', 2),
    entry('国家社会科学基金', 'NSSF', '全国哲学社会科学工作办公室', 'NATIONAL', 3),
    entry('国家重点研发计划', 'NKRD', '科学技术部', 'NATIONAL', 4),
    entry('中国博士后科学基金', 'CPSF', '中国博士后科学基金会', 'NATIONAL', 5),
    entry('省自然科学基金', 'PNSF', '省科学技术厅', 'PROVINCIAL', 6),
    entry('省重点研发计划', 'PKRD', '省科学技术厅', 'PROVINCIAL', 7),
    entry('市科技计划项目', 'CSTP', '市科学技术局', 'CITY', 8),
  ],
  PROJECT: [
    entry('核心电子器件、高端通用芯片及基础软件产品', 'ZX01', '工业和信息化部', 'NATIONAL', 1, '国家科技重大专项'),
    entry('极大规模集成电路制造装备及成套工艺', 'ZX02', '科学技术部', 'NATIONAL', 2, '国家科技重大专项'),
    entry('新一代宽带无线移动通信网', 'ZX03', '工业和信息化部', 'NATIONAL', 3, '国家科技重大专项'),
    entry('高档数控机床与基础制造装备', 'ZX04', '工业和信息化部', 'NATIONAL', 4, '国家科技重大专项'),
    entry('大型油气田及煤层气开发', 'ZX05', '国家能源局', 'NATIONAL', 5, '国家科技重大专项'),
    entry('水体污染控制与治理', 'ZX07', '生态环境部', 'NATIONAL', 7, '国家科技重大专项'),
    entry('转基因生物新品种培育', 'ZX08', '农业农村部', 'NATIONAL', 8, '国家科技重大专项'),
    entry('重大新药创制', 'ZX09', '国家卫生健康委员会', 'NATIONAL', 9, '国家科技重大专项'),
    entry('艾滋病和病毒性肝炎等重大传染病防治', 'ZX10', '国家卫生健康委员会', 'NATIONAL', 10, '国家科技重大专项'),
    entry('国家重点基础研究发展计划（973计划）', 'P973', '科学技术部', 'NATIONAL', 20),
    entry('国家高技术研究发展计划（863计划）', 'P863', '科学技术部', 'NATIONAL', 21),
    entry('省重大科技专项', 'PZD', '省科学技术厅', 'PROVINCIAL', 30),
  ],
  ORIGIN: [
    entry('国家计划', '01', null, 'NATIONAL', 1, '国家科技计划、基金及重大专项'),
    entry('省部委计划', '02', null, 'PROVINCIAL', 2, '国务院部门及省级科技计划'),
    entry('企业委托', '03', null, 'OTHER', 3, '企业、事业单位委托的横向课题'),
    entry('国际合作', '04', null, 'OTHER', 4, '政府间及国际组织合作项目'),
    entry('自选', '05', null, 'OTHER', 5, '单位自筹经费、自主立项'),
    entry('其他', '99', null, 'OTHER', 99),
  ],
};

/**
 * Adds the default lookups a kind lacks, by name: a name the office deleted stays deleted, and an entry whose
 * code a live row already uses is left out rather than failing the seed. Running it again changes nothing.
 */
export async function seedLookups(tx: Tx): Promise<void> {
  for (const [kind, entries] of Object.entries(DEFAULT_LOOKUPS) as Array<[LookupKind, LookupFields[]]>) {
    const names = await lookupRepo.namesOf(tx, kind);
    const codes = new Set(
      (await tx.select({ code: awardLookup.code }).from(awardLookup).where(and(eq(awardLookup.kind, kind), isNotNull(awardLookup.code), notDeleted(awardLookup)))).map(
        (r) => r.code,
      ),
    );
    for (const fields of entries) {
      if (names.has(fields.name) || (fields.code && codes.has(fields.code))) continue;
      await lookupRepo.insert(tx, kind, fields, null);
    }
  }
}
