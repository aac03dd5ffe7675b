/** Chinese names of the codes stored in the logs. */
import { HTTP_METHODS, LOGIN_TYPE_LABELS } from '@dandelion/shared/base/log';
import { optionsOf } from '../../../lib/options';


/** Modules that write operation-log rows (recordOperation's `module`). */
export const MODULE_LABELS: Readonly<Record<string, string>> = {
  'auth:account': '个人账号',
  'system:org': '机构管理',
  'system:user': '用户管理',
  'system:role': '角色管理',
  'system:post': '岗位管理',
  'system:func': '功能菜单',
  'system:app': '应用管理',
  'system:datapermission': '数据权限',
  'system:theme': '主题管理',
  'system:icon': '图标管理',
  'system:layout': '布局管理',
  'base:dict': '数据字典',
  'base:region': '行政区划',
  'base:scheduler': '定时任务',
  'base:progress': '流程管理',
  'base:calendar': '节假日管理',
  'base:serial': '流水号',
  'cms:site': '站点管理',
  'cms:catalog': '栏目管理',
  'cms:content': '内容管理',
  'message:sms': '短信',
  'award:prize': '奖种管理',
  'award:edition': '届次管理',
  'award:declaration': '申报管理',
  'award:expert': '专家库',
  'award:reviewGroup': '评审组管理',
  'award:expertPush': '专家分配',
  'award:scoring': '专家评分',
  'award:bank': '收款账户',
};
export const moduleLabel = (module: string) => MODULE_LABELS[module] ?? module;

export const ACTION_LABELS: Readonly<Record<string, string>> = {
  CREATE: '新增',
  UPDATE: '修改',
  DELETE: '删除',
  RESTORE: '恢复',
  BIND: '绑定',
  MOVE: '移动',
  SORT: '排序',
  FREEZE: '冻结',
  UNFREEZE: '解冻',
  RESET: '重置',
  IMPORT: '导入',
  PERSONAL_SAVE: '保存个人设置',
  PERSONAL_RESET: '恢复个人设置',
  READ_FULL: '查看完整账号',
  REOPEN: '重开评审',
};
export const ACTION_OPTIONS = optionsOf(ACTION_LABELS);
export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;
/** Tag colour of an action: additions green, removals red, everything else blue. */
export const actionColor = (action: string) => (action === 'CREATE' || action === 'RESTORE' ? 'success' : action === 'DELETE' ? 'error' : 'processing');

export const LOGIN_TYPE_OPTIONS = optionsOf(LOGIN_TYPE_LABELS);

export const CLIENT_LABELS: Readonly<Record<string, string>> = { PORTAL: '门户', CONSOLE: '控制台' };
export const CLIENT_OPTIONS = optionsOf(CLIENT_LABELS);

export const METHOD_OPTIONS = HTTP_METHODS.map((m) => ({ value: m, label: m }));
export const STATUS_CLASS_OPTIONS = [
  { value: '2xx', label: '成功（2xx）' },
  { value: '3xx', label: '重定向（3xx）' },
  { value: '4xx', label: '请求被拒（4xx）' },
  { value: '5xx', label: '服务端错误（5xx）' },
];
/** Tag colour of an HTTP status. */
export const statusColor = (status: number) => (status >= 500 ? 'error' : status >= 400 ? 'warning' : status >= 300 ? 'default' : 'success');
/** Colour of a duration: slow calls stand out. */
export const durationColor = (ms: number) => (ms >= 1000 ? 'error' : ms >= 300 ? 'warning' : undefined);
