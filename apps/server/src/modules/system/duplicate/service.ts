import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../core/db';
import { errors } from '../../../core/errors';
import { notDeleted, type AuditedTable } from '../../../core/records';
import { baseDict } from '../../base/dict/schema';
import { baseTask } from '../../base/scheduler/schema';
import { cmsTemplate } from '../../cms/template/schema';
import { sysMsgTemplate } from '../../message/template/schema';
import { sysFunc } from '../func/schema';
import { sysOrg } from '../org/schema';
import { sysPost } from '../post/tables';
import { sysRole } from '../role/schema';
import { sysUser } from '../user/schema';

interface Checked {
  table: AuditedTable;
  column: AnyPgColumn;
  label: string;
  /** Matches the unique index: usernames and e-mail addresses are unique regardless of case. */
  caseInsensitive?: boolean;
}

/**
 * The only (table, field) pairs a client may ask about (spec §5 duplicate checks). Client strings
 * are looked up here and never reach SQL as identifiers. Each entity answers to its name and its
 * table name; fields to camelCase and snake_case. `template` is the message
 * template; portal page templates are `cmsTemplate`.
 */
const user = (column: AnyPgColumn, label: string, caseInsensitive = false): Checked => ({ table: sysUser, column, label, caseInsensitive });
const ENTITIES: Record<string, Record<string, Checked>> = {
  user: {
    username: user(sysUser.username, '用户名', true),
    phone: user(sysUser.phone, '手机号'),
    email: user(sysUser.email, '邮箱', true),
    empCode: user(sysUser.empCode, '工号'),
  },
  menu: { funcCode: { table: sysFunc, column: sysFunc.funcCode, label: '权限标识' } },
  button: { funcCode: { table: sysFunc, column: sysFunc.funcCode, label: '权限标识' } },
  organisation: { orgCode: { table: sysOrg, column: sysOrg.orgCode, label: '机构编码' } },
  post: { postCode: { table: sysPost, column: sysPost.postCode, label: '岗位编码' } },
  role: { roleCode: { table: sysRole, column: sysRole.roleCode, label: '角色编码' } },
  dictionary: { dictFullCode: { table: baseDict, column: baseDict.dictFullCode, label: '字典编码' } },
  task: { taskCode: { table: baseTask, column: baseTask.taskCode, label: '任务编码' } },
  template: { templateCode: { table: sysMsgTemplate, column: sysMsgTemplate.templateCode, label: '模板编码' } },
  cmsTemplate: { templateCode: { table: cmsTemplate, column: cmsTemplate.templateCode, label: '模板编码' } },
};
const ALIASES: Record<string, string> = {
  sys_user: 'user', phone: 'user', email: 'user',
  sys_func: 'menu', func: 'menu',
  org: 'organisation', organ: 'organisation', organization: 'organisation', sys_org: 'organisation',
  sys_post: 'post', sys_role: 'role',
  dict: 'dictionary', base_dict: 'dictionary',
  base_task: 'task', scheduler: 'task',
  msg_template: 'template', sys_msg_template: 'template', cms_template: 'cmsTemplate',
};
const camel = (s: string) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

export interface DuplicateQuery {
  tableName: string;
  tableKey?: string | null;
  fieldName: string;
  fieldVal: string;
  dataId?: number | null;
}

export function createDuplicateService({ db }: { db: Db }) {
  return {
    /** Whether the value is free; `dataId` is the record being edited, deleted rows never count. */
    async check(q: DuplicateQuery): Promise<{ success: boolean; message: string }> {
      const entity = ENTITIES[ALIASES[q.tableName] ?? q.tableName];
      const target = entity && Object.hasOwn(entity, camel(q.fieldName)) ? entity[camel(q.fieldName)] : undefined;
      if (!target) throw errors.badRequest('不支持的重复校验');
      const same: SQL = target.caseInsensitive ? sql`lower(${target.column}) = lower(${q.fieldVal})` : eq(target.column, q.fieldVal);
      const [hit] = await db
        .select({ id: target.table.id })
        .from(target.table)
        .where(and(same, notDeleted(target.table), q.dataId ? ne(target.table.id, q.dataId) : undefined))
        .limit(1);
      return hit ? { success: false, message: `${target.label}已存在` } : { success: true, message: `${target.label}可以使用` };
    },
  };
}
export type DuplicateService = ReturnType<typeof createDuplicateService>;
