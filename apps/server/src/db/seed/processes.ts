import { DECLARATION_PROCESS, DECLARATION_PROCESS_CODE, DECLARATION_PROCESS_NAME } from '@dandelion/shared/award/declarationProcess';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../core/db';
import { createdBy } from '../../core/records';
import { baseProcessDef } from '../schema';

/**
 * The processes the business modules drive (docs/base-progress.md): seeded as version 1, ACTIVE, when
 * the code has no version yet. An administrator's later versions are left as they are.
 */
export async function seedProcesses(tx: Tx) {
  const found = await tx
    .select({ id: baseProcessDef.id })
    .from(baseProcessDef)
    .where(and(eq(baseProcessDef.processCode, DECLARATION_PROCESS_CODE), eq(baseProcessDef.delFlag, 0)))
    .limit(1);
  if (found.length) return;
  await tx.insert(baseProcessDef).values({
    processCode: DECLARATION_PROCESS_CODE,
    processName: DECLARATION_PROCESS_NAME,
    version: 1,
    status: 'ACTIVE',
    definition: DECLARATION_PROCESS,
    remark: '申报书从提交到受理的审核流程；各环节由申报模块推进，阶段与动作编码请勿修改',
    ...createdBy(null),
  });
}
