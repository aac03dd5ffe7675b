import { z } from 'zod';
import { PROCESS_CODE_MESSAGE, PROCESS_CODE_PATTERN, PROCESS_DEF_STATUSES, PROCESS_INSTANCE_STATUSES, STAGE_KINDS, processDefinitionSchema } from '@dandelion/shared';
import { zDateTime, zId } from '@dandelion/shared';
import { zRemark } from '@dandelion/shared';

/** Request and response schemas of /rest/progress/*; responses are whitelists. */

export const zProcessCode = z
  .string({ error: '请输入流程编码' })
  .trim()
  .min(1, '请输入流程编码')
  .max(64, '流程编码不能超过64个字符')
  .regex(PROCESS_CODE_PATTERN, PROCESS_CODE_MESSAGE);

export const definitionBody = z.object({
  processName: z.string({ error: '请输入流程名称' }).trim().min(1, '请输入流程名称').max(64, '流程名称不能超过64个字符'),
  remark: zRemark,
  definition: processDefinitionSchema,
});

const stageOut = z.object({ code: z.string(), name: z.string(), kind: z.enum(STAGE_KINDS), limitDays: z.number().nullable() });
const transitionOut = z.object({
  from: z.string(),
  to: z.string(),
  action: z.string(),
  label: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  commentRequired: z.boolean(),
});
export const definitionOut = z.object({ stages: z.array(stageOut), transitions: z.array(transitionOut) });

export const defSummary = z.object({
  defId: zId,
  processCode: z.string(),
  processName: z.string(),
  version: z.number(),
  status: z.enum(PROCESS_DEF_STATUSES),
  remark: z.string().nullable(),
  stageCount: z.number(),
  transitionCount: z.number(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});
export const defListItem = defSummary.extend({ versionCount: z.number(), activeVersion: z.number().nullable(), draftVersion: z.number().nullable() });
export const defVersion = defSummary.extend({ instanceCount: z.number() });
export const defDetail = defSummary.extend({ definition: definitionOut, problems: z.array(z.string()), instanceCount: z.number() });

export const instanceOut = z.object({
  instanceId: zId,
  defId: zId,
  processCode: z.string(),
  processName: z.string(),
  version: z.number(),
  businessKey: z.string(),
  title: z.string().nullable(),
  currentStage: z.string(),
  currentStageName: z.string(),
  status: z.enum(PROCESS_INSTANCE_STATUSES),
  stageEnteredAt: zDateTime,
  dueAt: zDateTime.nullable(),
  overdue: z.boolean(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});

export const actionOut = z.object({ action: z.string(), label: z.string(), to: z.string(), toName: z.string(), commentRequired: z.boolean() });

export const historyOut = z.object({
  historyId: zId,
  action: z.string(),
  actionLabel: z.string(),
  fromStage: z.string().nullable(),
  fromStageName: z.string().nullable(),
  toStage: z.string(),
  toStageName: z.string(),
  comment: z.string().nullable(),
  actorId: zId.nullable(),
  actorName: z.string().nullable(),
  createTime: zDateTime,
});

export const instanceDetail = z.object({ instance: instanceOut, definition: definitionOut, history: z.array(historyOut) });
