/**
 * The console's function tree: every page of spec §2 with its permission code
 * (module:feature:action, spec §6), read from the features' permission maps in packages/shared
 * so a code is spelled once. Sub-pages are hidden and highlight their
 * parent (activeMenu). Buttons are the actions a page offers.
 */
import { PURCHASE_PERMISSIONS } from '@dandelion/shared/award/achievement';
import { BANK_PERMISSIONS, MY_BANK_PERMISSIONS } from '@dandelion/shared/award/bank';
import { DECLARATION_PERMISSIONS, DECLARE_PERMISSIONS, FORMAL_REVIEW_PERMISSIONS, NOMINATION_PERMISSIONS, UNIT_REVIEW_PERMISSIONS } from '@dandelion/shared/award/declaration';
import { EDITION_PERMISSIONS } from '@dandelion/shared/award/edition';
import { EXPERT_PERMISSIONS } from '@dandelion/shared/award/expert';
import { EXPERT_PUSH_PERMISSIONS, EXPERT_TASK_PERMISSIONS } from '@dandelion/shared/award/expertPush';
import { REVIEW_GROUP_PERMISSIONS } from '@dandelion/shared/award/reviewGroup';
import { FUND_PERMISSIONS, ORIGIN_PERMISSIONS, PROJECT_PERMISSIONS } from '@dandelion/shared/award/lookup';
import { PRIZE_PERMISSIONS } from '@dandelion/shared/award/prize';
import { OBJECTION_PERMISSIONS } from '@dandelion/shared/award/objection';
import { PUBLICITY_PERMISSIONS } from '@dandelion/shared/award/publicity';
import { REVIEW_RESULT_PERMISSIONS, SCORING_PERMISSIONS } from '@dandelion/shared/award/scoring';
import { COMMITTEE_PERMISSIONS, COMMITTEE_VOTE_PERMISSIONS } from '@dandelion/shared/award/committee';
import { AWARDING_PERMISSIONS } from '@dandelion/shared/award/awarding';
import { CALENDAR_PERMISSIONS } from '@dandelion/shared/base/calendar';
import { DICT_PERMISSIONS } from '@dandelion/shared/base/dict';
import { LOG_PERMISSIONS, REST_LOG_PERMISSIONS } from '@dandelion/shared/base/log';
import { MONITOR_PERMISSIONS } from '@dandelion/shared/base/monitor';
import { PROGRESS_PERMISSIONS } from '@dandelion/shared/base/progress';
import { REGION_PERMISSIONS } from '@dandelion/shared/base/region';
import { SCHEDULER_PERMISSIONS } from '@dandelion/shared/base/scheduler';
import { SERIAL_PERMISSIONS } from '@dandelion/shared/base/serial';
import { COMPLAINT_PERMISSIONS } from '@dandelion/shared/cms/complaint';
import { CONTENT_PERMISSIONS } from '@dandelion/shared/cms/content';
import { RESOURCE_PERMISSIONS } from '@dandelion/shared/cms/resource';
import { CMS_SETTING_PERMISSIONS } from '@dandelion/shared/cms/setting';
import { MY_MESSAGE_PERMISSIONS } from '@dandelion/shared/message/msg';
import { NOTICE_PERMISSIONS } from '@dandelion/shared/message/notice';
import { SMS_PERMISSIONS } from '@dandelion/shared/message/sms';
import { TEMPLATE_PERMISSIONS } from '@dandelion/shared/message/template';
import { APP_PERMISSIONS } from '@dandelion/shared/system/app';
import { DATA_PERMISSION_PERMISSIONS } from '@dandelion/shared/system/datapermission';
import { CENTER_PERMISSIONS, FUNC_PERMISSIONS, MENU_GROUP_CODES } from '@dandelion/shared/system/func';
import { LAYOUT_PERMISSIONS } from '@dandelion/shared/system/layout';
import { ORG_PERMISSIONS } from '@dandelion/shared/system/org';
import { POST_PERMISSIONS } from '@dandelion/shared/system/post';
import { ROLE_PERMISSIONS } from '@dandelion/shared/system/role';
import { THEME_PERMISSIONS } from '@dandelion/shared/system/theme';
import { USER_PERMISSIONS } from '@dandelion/shared/system/user';

export interface FuncSeed {
  code: string;
  name: string;
  type: 'DIR' | 'MENU' | 'BUTTON';
  path?: string;
  url?: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  icon?: string;
  activeMenu?: string;
  children?: FuncSeed[];
}

const page = (code: string, name: string, path: string, url: string, extra: Partial<FuncSeed> = {}): FuncSeed => ({ code, name, type: 'MENU', path, url, ...extra });
const sub = (code: string, name: string, path: string, url: string, parentPath: string): FuncSeed =>
  page(code, name, path, url, { hidden: true, activeMenu: parentPath });
/** A feature's permission map (packages/shared): the only place its codes are spelled. */
type Permissions = Readonly<Record<string, string>>;
const buttons = <M extends Permissions>(permissions: M, actions: Array<[keyof M & string, string]>): FuncSeed[] =>
  actions.map(([action, name]) => ({ code: permissions[action]!, name, type: 'BUTTON' }));

/** A page with list, add, upd and detail sub-pages (one shared form) and the usual buttons. */
type CrudPermissions = Permissions & { main: string; list: string; add: string; upd: string; detail: string; del: string; enable: string };
function crudPage(permissions: CrudPermissions, title: string, entity: string, base: string, icon: string): FuncSeed {
  const name = base.split('/').at(-1)!;
  return page(permissions.main, title, base, 'Layout', {
    redirect: `${base}/${name}List`, icon,
    children: [
      sub(permissions.list, `${entity}列表`, `${base}/${name}List`, `${base.slice(1)}/${name}List`, base),
      sub(permissions.add, `新增${entity}`, `${base}/${name}Add`, `${base.slice(1)}/${name}Form`, base),
      sub(permissions.upd, `修改${entity}`, `${base}/${name}Upd`, `${base.slice(1)}/${name}Form`, base),
      sub(permissions.detail, `${entity}详情`, `${base}/${name}Detail`, `${base.slice(1)}/${name}Form`, base),
      ...buttons(permissions, [['del', '删除'], ['enable', '启用/停用']]),
    ],
  });
}

/** A review queue: the list of what waits, and the declaration read-only with the decision. */
function reviewPage<M extends Permissions & { main: string; list: string }>(permissions: M, title: string, base: string, icon: string, actions: Array<[keyof M & string, string]>): FuncSeed {
  const name = base.split('/').at(-1)!;
  return page(permissions.main, title, base, 'Layout', {
    redirect: `${base}/${name}List`, icon,
    children: [
      sub(permissions.list, `${title}列表`, `${base}/${name}List`, `${base.slice(1)}/${name}List`, base),
      ...buttons(permissions, actions),
    ],
  });
}

/** A lookup the office keeps: a list with add, edit, detail and delete (no enable/disable). */
type LookupPermissions = Permissions & { main: string; list: string; add: string; upd: string; detail: string; del: string };
function lookupPage(permissions: LookupPermissions, title: string, entity: string, base: string, icon: string): FuncSeed {
  const name = base.split('/').at(-1)!;
  return page(permissions.main, title, base, 'Layout', {
    redirect: `${base}/${name}List`, icon,
    children: [
      sub(permissions.list, `${entity}列表`, `${base}/${name}List`, `${base.slice(1)}/${name}List`, base),
      ...buttons(permissions, [['add', '新增'], ['upd', '修改'], ['detail', '详情'], ['del', '删除']]),
    ],
  });
}

export const FUNCTION_TREE: FuncSeed[] = [
  {
    code: MENU_GROUP_CODES.award, name: '评奖管理', type: 'DIR', path: '/award', url: 'Layout', icon: 'TrophyOutlined', alwaysShow: true,
    children: [
      crudPage(PRIZE_PERMISSIONS, '奖种管理', '奖种', '/award/prize', 'GiftOutlined'),
      page(EDITION_PERMISSIONS.main, '届次管理', '/award/edition', 'Layout', {
        redirect: '/award/edition/editionList', icon: 'ScheduleOutlined',
        children: [
          sub(EDITION_PERMISSIONS.list, '届次列表', '/award/edition/editionList', 'award/edition/editionList', '/award/edition'),
          sub(EDITION_PERMISSIONS.add, '新增届次', '/award/edition/editionAdd', 'award/edition/editionForm', '/award/edition'),
          sub(EDITION_PERMISSIONS.upd, '修改届次', '/award/edition/editionUpd', 'award/edition/editionForm', '/award/edition'),
          sub(EDITION_PERMISSIONS.detail, '届次详情', '/award/edition/editionDetail', 'award/edition/editionForm', '/award/edition'),
          ...buttons(EDITION_PERMISSIONS, [['del', '删除'], ['publish', '发布'], ['clone', '复制上一届']]),
        ],
      }),
      page(DECLARATION_PERMISSIONS.main, '申报管理', '/award/declaration', 'Layout', {
        redirect: '/award/declaration/declarationList', icon: 'FileTextOutlined',
        children: [
          sub(DECLARATION_PERMISSIONS.list, '申报书列表', '/award/declaration/declarationList', 'award/declaration/declarationList', '/award/declaration'),
          sub(DECLARATION_PERMISSIONS.detail, '申报书详情', '/award/declaration/declarationDetail', 'award/declaration/declarationDetail', '/award/declaration'),
          ...buttons(DECLARATION_PERMISSIONS, [['export', '导出'], ['revocation', '办理撤回申请']]),
        ],
      }),
      reviewPage(UNIT_REVIEW_PERMISSIONS, '单位审核', '/award/unitReview', 'AuditOutlined', [['approve', '审核']]),
      reviewPage(NOMINATION_PERMISSIONS, '提名审核', '/award/nomination', 'SendOutlined', [['approve', '审核']]),
      reviewPage(FORMAL_REVIEW_PERMISSIONS, '形式审查', '/award/formalReview', 'FileSearchOutlined', [['audit', '审查']]),
      page(EXPERT_PERMISSIONS.main, '专家库', '/award/expert', 'Layout', {
        redirect: '/award/expert/expertList', icon: 'TeamOutlined',
        children: [
          sub(EXPERT_PERMISSIONS.list, '专家列表', '/award/expert/expertList', 'award/expert/expertList', '/award/expert'),
          sub(EXPERT_PERMISSIONS.add, '新增专家', '/award/expert/expertAdd', 'award/expert/expertForm', '/award/expert'),
          sub(EXPERT_PERMISSIONS.upd, '修改专家', '/award/expert/expertUpd', 'award/expert/expertForm', '/award/expert'),
          sub(EXPERT_PERMISSIONS.detail, '专家详情', '/award/expert/expertDetail', 'award/expert/expertForm', '/award/expert'),
          ...buttons(EXPERT_PERMISSIONS, [
            ['audit', '审核'], ['suspend', '暂停/恢复'], ['blacklist', '拉黑/解除'], ['del', '申请删除'], ['deletion', '审核删除'],
            ['history', '审核历史'], ['export', '导出'], ['import', '导入'], ['invite', '邀请专家'],
          ]),
        ],
      }),
      page(REVIEW_RESULT_PERMISSIONS.main, '评审结果', '/award/reviewResult', 'Layout', {
        redirect: '/award/reviewResult/reviewResultList', icon: 'BarChartOutlined',
        children: [
          sub(REVIEW_RESULT_PERMISSIONS.result, '评审结果', '/award/reviewResult/reviewResultList', 'award/scoring/reviewResult', '/award/reviewResult'),
          ...buttons(REVIEW_RESULT_PERMISSIONS, [['setting', '汇总设置'], ['reopen', '重开评审'], ['decide', '评审结论'], ['export', '导出']]),
        ],
      }),
      page(COMMITTEE_PERMISSIONS.main, '评审委员会', '/award/committee', 'Layout', {
        redirect: '/award/committee/sittingList', icon: 'FundProjectionScreenOutlined',
        children: [
          sub(COMMITTEE_PERMISSIONS.list, '会议列表', '/award/committee/sittingList', 'award/committee/sittingList', '/award/committee'),
          sub(COMMITTEE_PERMISSIONS.detail, '会议详情', '/award/committee/sittingDetail', 'award/committee/sittingDetail', '/award/committee'),
          ...buttons(COMMITTEE_PERMISSIONS, [['add', '新建会议'], ['upd', '修改'], ['del', '删除'], ['open', '开始投票'], ['close', '结束投票'], ['export', '导出'], ['settings', '默认设置']]),
        ],
      }),
      page(COMMITTEE_VOTE_PERMISSIONS.main, '委员投票', '/award/committeeVote', 'Layout', {
        redirect: '/award/committeeVote/mySittings', icon: 'CheckSquareOutlined',
        children: [
          sub(COMMITTEE_VOTE_PERMISSIONS.mine, '我的会议', '/award/committeeVote/mySittings', 'award/committee/mySittings', '/award/committeeVote'),
          sub(COMMITTEE_VOTE_PERMISSIONS.vote, '投票', '/award/committeeVote/vote', 'award/committee/vote', '/award/committeeVote'),
        ],
      }),
      // The score page is reached from the expert's task list, never from the menu.
      page(SCORING_PERMISSIONS.main, '专家评分', '/award/scoring', 'Layout', {
        hidden: true, redirect: '/award/scoring/score',
        children: [sub(SCORING_PERMISSIONS.score, '评分', '/award/scoring/score', 'award/scoring/score', '/award/scoring')],
      }),
      page(REVIEW_GROUP_PERMISSIONS.main, '评审组管理', '/award/reviewGroup', 'Layout', {
        redirect: '/award/reviewGroup/reviewGroupList', icon: 'ClusterOutlined',
        children: [
          sub(REVIEW_GROUP_PERMISSIONS.list, '评审组列表', '/award/reviewGroup/reviewGroupList', 'award/reviewGroup/reviewGroupList', '/award/reviewGroup'),
          sub(REVIEW_GROUP_PERMISSIONS.add, '新增评审组', '/award/reviewGroup/reviewGroupAdd', 'award/reviewGroup/reviewGroupForm', '/award/reviewGroup'),
          sub(REVIEW_GROUP_PERMISSIONS.upd, '修改评审组', '/award/reviewGroup/reviewGroupUpd', 'award/reviewGroup/reviewGroupForm', '/award/reviewGroup'),
          sub(REVIEW_GROUP_PERMISSIONS.detail, '评审组详情', '/award/reviewGroup/reviewGroupDetail', 'award/reviewGroup/reviewGroupForm', '/award/reviewGroup'),
          sub(REVIEW_GROUP_PERMISSIONS.members, '评审组成员', '/award/reviewGroup/reviewGroupMembers', 'award/reviewGroup/reviewGroupMembers', '/award/reviewGroup'),
          sub(EXPERT_PUSH_PERMISSIONS.main, '专家分配方案', '/award/reviewGroup/expertPushProposal', 'award/reviewGroup/expertPushProposal', '/award/reviewGroup'),
          ...buttons(REVIEW_GROUP_PERMISSIONS, [['del', '删除']]),
          ...buttons(EXPERT_PUSH_PERMISSIONS, [['list', '查看分配方案'], ['propose', '生成分配方案'], ['change', '调整分配'], ['push', '推送专家'], ['log', '调整日志']]),
        ],
      }),
      page(PUBLICITY_PERMISSIONS.main, '公示管理', '/award/publicity', 'Layout', {
        redirect: '/award/publicity/publicityList', icon: 'NotificationOutlined',
        children: [
          sub(PUBLICITY_PERMISSIONS.list, '公示列表', '/award/publicity/publicityList', 'award/publicity/publicityList', '/award/publicity'),
          sub(PUBLICITY_PERMISSIONS.setting, '公示字段设置', '/award/publicity/publicityFields', 'award/publicity/publicityFields', '/award/publicity'),
          ...buttons(PUBLICITY_PERMISSIONS, [['detail', '详情'], ['add', '新增'], ['upd', '修改'], ['schedule', '发布'], ['withdraw', '撤回'], ['close', '提前结束']]),
        ],
      }),
      page(OBJECTION_PERMISSIONS.main, '异议处理', '/award/objection', 'Layout', {
        redirect: '/award/objection/objectionList', icon: 'AlertOutlined',
        children: [
          sub(OBJECTION_PERMISSIONS.list, '异议列表', '/award/objection/objectionList', 'award/objection/objectionList', '/award/objection'),
          ...buttons(OBJECTION_PERMISSIONS, [['detail', '详情'], ['accept', '受理/不予受理'], ['investigate', '开始调查'], ['decide', '处理结论'], ['setting', '处理期限设置']]),
        ],
      }),
      page(AWARDING_PERMISSIONS.main, '授奖管理', '/award/awarding', 'Layout', {
        redirect: '/award/awarding/awardingList', icon: 'CrownOutlined',
        children: [
          sub(AWARDING_PERMISSIONS.list, '授奖名单', '/award/awarding/awardingList', 'award/awarding/awardingList', '/award/awarding'),
          ...buttons(AWARDING_PERMISSIONS, [['close', '结束评奖'], ['export', '导出'], ['certificate', '下载证书']]),
        ],
      }),
      page(EXPERT_TASK_PERMISSIONS.main, '我的评审任务', '/award/expertTask', 'Layout', {
        redirect: '/award/expertTask/expertTaskList', icon: 'CarryOutOutlined',
        children: [
          sub(EXPERT_TASK_PERMISSIONS.list, '评审任务列表', '/award/expertTask/expertTaskList', 'award/expertTask/expertTaskList', '/award/expertTask'),
          ...buttons(EXPERT_TASK_PERMISSIONS, [['respond', '接受/拒绝/声明回避']]),
        ],
      }),
      lookupPage(FUND_PERMISSIONS, '基金管理', '基金', '/award/fund', 'BankOutlined'),
      lookupPage(PROJECT_PERMISSIONS, '计划项目', '计划项目', '/award/project', 'ProjectOutlined'),
      lookupPage(ORIGIN_PERMISSIONS, '任务来源', '任务来源', '/award/origin', 'NodeIndexOutlined'),
      page(PURCHASE_PERMISSIONS.main, '合作意向', '/award/purchase', 'Layout', {
        redirect: '/award/purchase/purchaseList', icon: 'ShakeOutlined',
        children: [
          sub(PURCHASE_PERMISSIONS.list, '合作意向列表', '/award/purchase/purchaseList', 'award/purchase/purchaseList', '/award/purchase'),
          ...buttons(PURCHASE_PERMISSIONS, [['upd', '更新状态']]),
        ],
      }),
      page(BANK_PERMISSIONS.main, '收款账户', '/award/bank', 'Layout', {
        redirect: '/award/bank/bankList', icon: 'WalletOutlined',
        children: [
          sub(BANK_PERMISSIONS.list, '收款账户列表', '/award/bank/bankList', 'award/bank/bankList', '/award/bank'),
          ...buttons(BANK_PERMISSIONS, [['detail', '详情'], ['full', '查看完整账号']]),
        ],
      }),
      // Everyone keeps their own account (the calls need only a sign-in); the menu entry is granted to experts.
      page(MY_BANK_PERMISSIONS.main, '我的收款账户', '/award/myBank', 'award/bank/myBank', { icon: 'IdcardOutlined' }),
    ],
  },
  {
    code: MENU_GROUP_CODES.base, name: '基础模块', type: 'DIR', path: '/base', url: 'Layout', icon: 'AppstoreOutlined', alwaysShow: true,
    children: [
      page(DICT_PERMISSIONS.main, '数据字典', '/base/dict', 'Layout', {
        redirect: '/base/dict/dictList', icon: 'BookOutlined',
        children: [
          sub(DICT_PERMISSIONS.list, '字典列表', '/base/dict/dictList', 'base/dict/dictList', '/base/dict'),
          ...buttons(DICT_PERMISSIONS, [['add', '新增'], ['upd', '修改'], ['del', '删除'], ['detail', '详情'], ['sort', '排序'], ['lock', '锁定'], ['refresh', '刷新缓存']]),
        ],
      }),
      page(SCHEDULER_PERMISSIONS.main, '定时任务', '/base/scheduler', 'Layout', {
        redirect: '/base/scheduler/schedulerMain', icon: 'ClockCircleOutlined',
        children: [
          sub(SCHEDULER_PERMISSIONS.list, '任务列表', '/base/scheduler/schedulerMain', 'base/scheduler/schedulerMain', '/base/scheduler'),
          sub(SCHEDULER_PERMISSIONS.add, '新增任务', '/base/scheduler/schedulerAdd', 'base/scheduler/schedulerForm', '/base/scheduler'),
          sub(SCHEDULER_PERMISSIONS.upd, '修改任务', '/base/scheduler/schedulerUpd', 'base/scheduler/schedulerForm', '/base/scheduler'),
          sub(SCHEDULER_PERMISSIONS.detail, '任务详情', '/base/scheduler/schedulerDetail', 'base/scheduler/schedulerForm', '/base/scheduler'),
          sub(SCHEDULER_PERMISSIONS.logdetail, '执行日志详情', '/base/scheduler/schedulerLogDetail', 'base/scheduler/schedulerLogDetail', '/base/scheduler'),
          ...buttons(SCHEDULER_PERMISSIONS, [['del', '删除'], ['enable', '启用/停用'], ['run', '立即执行'], ['log', '执行日志']]),
        ],
      }),
      page(PROGRESS_PERMISSIONS.main, '流程管理', '/base/progress', 'Layout', {
        redirect: '/base/progress/progressMain', icon: 'PartitionOutlined',
        children: [sub(PROGRESS_PERMISSIONS.list, '流程列表', '/base/progress/progressMain', 'base/progress/progressMain', '/base/progress'), ...buttons(PROGRESS_PERMISSIONS, [['add', '新增'], ['upd', '修改'], ['del', '删除'], ['publish', '发布版本'], ['instance', '流程实例']])],
      }),
      page(CALENDAR_PERMISSIONS.main, '节假日管理', '/base/calendar', 'Layout', {
        redirect: '/base/calendar/calendarList', icon: 'CalendarOutlined',
        children: [sub(CALENDAR_PERMISSIONS.list, '节假日列表', '/base/calendar/calendarList', 'base/calendar/calendarList', '/base/calendar'), ...buttons(CALENDAR_PERMISSIONS, [['add', '新增'], ['upd', '修改'], ['del', '删除']])],
      }),
      page(SERIAL_PERMISSIONS.main, '流水号', '/base/serial', 'Layout', {
        redirect: '/base/serial/serialList', icon: 'NumberOutlined',
        children: [sub(SERIAL_PERMISSIONS.list, '流水号规则', '/base/serial/serialList', 'base/serial/serialList', '/base/serial'), ...buttons(SERIAL_PERMISSIONS, [['add', '新增'], ['upd', '修改'], ['del', '删除'], ['next', '取号']])],
      }),
      page(REST_LOG_PERMISSIONS.main, '接口日志', '/base/rest', 'Layout', {
        redirect: '/base/rest/restList', icon: 'ApiOutlined',
        children: [
          sub(REST_LOG_PERMISSIONS.list, '接口调用日志', '/base/rest/restList', 'base/rest/restList', '/base/rest'),
          sub(REST_LOG_PERMISSIONS.detail, '接口日志详情', '/base/rest/restDetail', 'base/rest/restDetail', '/base/rest'),
          ...buttons(REST_LOG_PERMISSIONS, [['export', '导出']]),
        ],
      }),
      page(LOG_PERMISSIONS.main, '操作日志', '/base/log', 'Layout', {
        redirect: '/base/log/logList', icon: 'FileSearchOutlined',
        children: [
          sub(LOG_PERMISSIONS.list, '操作日志列表', '/base/log/logList', 'base/log/logList', '/base/log'),
          sub(LOG_PERMISSIONS.detail, '操作日志详情', '/base/log/logDetail', 'base/log/logDetail', '/base/log'),
          sub(LOG_PERMISSIONS.login, '登录日志', '/base/log/loginLogList', 'base/log/loginLogList', '/base/log'),
          ...buttons(LOG_PERMISSIONS, [['export', '导出'], ['verify', '校验完整性']]),
        ],
      }),
      page(REGION_PERMISSIONS.main, '行政区划', '/base/region', 'Layout', {
        redirect: '/base/region/regionList', icon: 'EnvironmentOutlined',
        children: [sub(REGION_PERMISSIONS.list, '行政区划', '/base/region/regionList', 'base/region/regionList', '/base/region'), ...buttons(REGION_PERMISSIONS, [['add', '新增'], ['upd', '修改'], ['del', '删除']])],
      }),
      page(MONITOR_PERMISSIONS.main, '服务监控', '/base/monitor', 'Layout', {
        redirect: '/base/monitor/monitorMain', icon: 'DashboardOutlined',
        children: [sub(MONITOR_PERMISSIONS.list, '服务监控', '/base/monitor/monitorMain', 'base/monitor/monitorMain', '/base/monitor')],
      }),
    ],
  },
  {
    code: MENU_GROUP_CODES.cms, name: '内容管理', type: 'DIR', path: '/cms', url: 'Layout', icon: 'ReadOutlined', alwaysShow: true,
    children: [
      page(CMS_SETTING_PERMISSIONS.main, '站点设置', '/cms/setting', 'Layout', {
        redirect: '/cms/setting/settingMain', icon: 'SettingOutlined',
        // One page with tabs for sites, catalogues, banners and templates; the buttons guard all four.
        children: [
          sub(CMS_SETTING_PERMISSIONS.list, '站点设置', '/cms/setting/settingMain', 'cms/setting/settingMain', '/cms/setting'),
          ...buttons(CMS_SETTING_PERMISSIONS, [['add', '新增'], ['upd', '修改'], ['del', '删除'], ['sort', '排序']]),
        ],
      }),
      page(CONTENT_PERMISSIONS.main, '文章管理', '/cms/content', 'Layout', {
        redirect: '/cms/content/contentList', icon: 'FileTextOutlined',
        children: [
          sub(CONTENT_PERMISSIONS.list, '文章列表', '/cms/content/contentList', 'cms/content/contentList', '/cms/content'),
          sub(CONTENT_PERMISSIONS.add, '新增文章', '/cms/content/contentAdd', 'cms/content/contentForm', '/cms/content'),
          sub(CONTENT_PERMISSIONS.upd, '修改文章', '/cms/content/contentUpd', 'cms/content/contentForm', '/cms/content'),
          sub(CONTENT_PERMISSIONS.detail, '文章详情', '/cms/content/contentDetail', 'cms/content/contentForm', '/cms/content'),
          ...buttons(CONTENT_PERMISSIONS, [['del', '删除'], ['publish', '发布'], ['offline', '下线'], ['top', '置顶']]),
        ],
      }),
      page(RESOURCE_PERMISSIONS.main, '资源管理', '/cms/resource', 'Layout', {
        redirect: '/cms/resource/resourceList', icon: 'FolderOpenOutlined',
        children: [
          sub(RESOURCE_PERMISSIONS.list, '资源列表', '/cms/resource/resourceList', 'cms/resource/resourceList', '/cms/resource'),
          sub(RESOURCE_PERMISSIONS.add, '新增资源', '/cms/resource/resourceAdd', 'cms/resource/resourceForm', '/cms/resource'),
          sub(RESOURCE_PERMISSIONS.upd, '修改资源', '/cms/resource/resourceUpd', 'cms/resource/resourceForm', '/cms/resource'),
          sub(RESOURCE_PERMISSIONS.detail, '资源详情', '/cms/resource/resourceDetail', 'cms/resource/resourceForm', '/cms/resource'),
          ...buttons(RESOURCE_PERMISSIONS, [['del', '删除'], ['addArticle', '发布文章']]),
        ],
      }),
      page(COMPLAINT_PERMISSIONS.main, '投诉建议', '/cms/complaint', 'Layout', {
        redirect: '/cms/complaint/complaintList', icon: 'CommentOutlined',
        children: [
          sub(COMPLAINT_PERMISSIONS.list, '投诉列表', '/cms/complaint/complaintList', 'cms/complaint/complaintList', '/cms/complaint'),
          sub(COMPLAINT_PERMISSIONS.detail, '投诉详情', '/cms/complaint/complaintDetail', 'cms/complaint/complaintDetail', '/cms/complaint'),
          ...buttons(COMPLAINT_PERMISSIONS, [['reply', '回复'], ['close', '关闭'], ['del', '删除']]),
        ],
      }),
    ],
  },
  {
    code: MENU_GROUP_CODES.system, name: '系统管理', type: 'DIR', path: '/system', url: 'Layout', icon: 'ControlOutlined', alwaysShow: true,
    children: [
      page(ORG_PERMISSIONS.main, '机构管理', '/system/org', 'Layout', {
        redirect: '/system/org/orgList', icon: 'ApartmentOutlined',
        children: [
          sub(ORG_PERMISSIONS.list, '机构列表', '/system/org/orgList', 'system/org/orgList', '/system/org'),
          sub(ORG_PERMISSIONS.add, '新增机构', '/system/org/orgAdd', 'system/org/orgForm', '/system/org'),
          sub(ORG_PERMISSIONS.upd, '修改机构', '/system/org/orgUpd', 'system/org/orgForm', '/system/org'),
          sub(ORG_PERMISSIONS.detail, '机构详情', '/system/org/orgDetail', 'system/org/orgForm', '/system/org'),
          ...buttons(ORG_PERMISSIONS, [['del', '删除'], ['sort', '排序'], ['bind', '绑定权限'], ['export', '导出']]),
        ],
      }),
      page(USER_PERMISSIONS.main, '用户管理', '/system/user', 'Layout', {
        redirect: '/system/user/userList', icon: 'UserOutlined',
        children: [
          sub(USER_PERMISSIONS.list, '用户列表', '/system/user/userList', 'system/user/userList', '/system/user'),
          sub(USER_PERMISSIONS.add, '新增用户', '/system/user/userAdd', 'system/user/userForm', '/system/user'),
          sub(USER_PERMISSIONS.upd, '修改用户', '/system/user/userUpd', 'system/user/userForm', '/system/user'),
          sub(USER_PERMISSIONS.detail, '用户详情', '/system/user/userDetail', 'system/user/userForm', '/system/user'),
          sub(USER_PERMISSIONS.perm, '分配角色', '/system/user/userPerm', 'system/user/userPerm', '/system/user'),
          ...buttons(USER_PERMISSIONS, [['del', '删除'], ['lock', '冻结/解冻'], ['reset', '重置密码'], ['enable', '启用/停用'], ['export', '导出'], ['import', '导入'], ['recycle', '回收站']]),
        ],
      }),
      page(ROLE_PERMISSIONS.main, '角色管理', '/system/role', 'Layout', {
        redirect: '/system/role/roleList', icon: 'TeamOutlined',
        children: [
          sub(ROLE_PERMISSIONS.list, '角色列表', '/system/role/roleList', 'system/role/roleList', '/system/role'),
          sub(ROLE_PERMISSIONS.add, '新增角色', '/system/role/roleAdd', 'system/role/roleForm', '/system/role'),
          sub(ROLE_PERMISSIONS.upd, '修改角色', '/system/role/roleUpd', 'system/role/roleForm', '/system/role'),
          sub(ROLE_PERMISSIONS.detail, '角色详情', '/system/role/roleDetail', 'system/role/roleForm', '/system/role'),
          ...buttons(ROLE_PERMISSIONS, [['del', '删除'], ['perm', '分配权限'], ['bind', '绑定用户'], ['export', '导出']]),
        ],
      }),
      crudPage(POST_PERMISSIONS, '岗位管理', '岗位', '/system/post', 'SolutionOutlined'),
      crudPage(APP_PERMISSIONS, '应用管理', '应用', '/system/app', 'AppstoreAddOutlined'),
      crudPage(DATA_PERMISSION_PERMISSIONS, '数据权限', '数据权限规则', '/system/datapermission', 'SafetyOutlined'),
      crudPage(THEME_PERMISSIONS, '主题管理', '主题', '/system/theme', 'BgColorsOutlined'),
      crudPage(LAYOUT_PERMISSIONS, '布局管理', '布局', '/system/layout', 'LayoutOutlined'),
      page(FUNC_PERMISSIONS.main, '功能菜单', '/system/func', 'Layout', {
        redirect: '/system/func/funcList', icon: 'MenuOutlined',
        children: [
          sub(FUNC_PERMISSIONS.list, '菜单列表', '/system/func/funcList', 'system/func/funcList', '/system/func'),
          sub(FUNC_PERMISSIONS.add, '新增菜单', '/system/func/funcAdd', 'system/func/funcForm', '/system/func'),
          sub(FUNC_PERMISSIONS.upd, '修改菜单', '/system/func/funcUpd', 'system/func/funcForm', '/system/func'),
          sub(FUNC_PERMISSIONS.detail, '菜单详情', '/system/func/funcDetail', 'system/func/funcForm', '/system/func'),
          ...buttons(FUNC_PERMISSIONS, [['del', '删除'], ['sort', '排序']]),
        ],
      }),
    ],
  },
  {
    code: MENU_GROUP_CODES.message, name: '消息管理', type: 'DIR', path: '/message', url: 'Layout', icon: 'MessageOutlined', alwaysShow: true,
    children: [
      page(NOTICE_PERMISSIONS.main, '通知公告', '/message/notice', 'Layout', {
        redirect: '/message/notice/noticeList', icon: 'BellOutlined',
        children: [
          sub(NOTICE_PERMISSIONS.list, '通知列表', '/message/notice/noticeList', 'message/notice/noticeList', '/message/notice'),
          sub(NOTICE_PERMISSIONS.add, '新增通知', '/message/notice/noticeAdd', 'message/notice/noticeForm', '/message/notice'),
          sub(NOTICE_PERMISSIONS.upd, '修改通知', '/message/notice/noticeUpd', 'message/notice/noticeForm', '/message/notice'),
          sub(NOTICE_PERMISSIONS.detail, '通知详情', '/message/notice/noticeDetail', 'message/notice/noticeForm', '/message/notice'),
          sub(NOTICE_PERMISSIONS.receipt, '阅读情况', '/message/notice/noticeReceipt', 'message/notice/noticeReceipt', '/message/notice'),
          ...buttons(NOTICE_PERMISSIONS, [['del', '删除'], ['release', '发布/撤回'], ['sync', '同步投递']]),
        ],
      }),
      page(MY_MESSAGE_PERMISSIONS.main, '我的消息', '/message/my', 'Layout', {
        redirect: '/message/my/myMsgList', icon: 'MessageOutlined',
        children: [sub(MY_MESSAGE_PERMISSIONS.list, '我的消息', '/message/my/myMsgList', 'message/my/myMsgList', '/message/my')],
      }),
      page(TEMPLATE_PERMISSIONS.main, '消息模板', '/message/template', 'Layout', {
        redirect: '/message/template/templateList', icon: 'SolutionOutlined',
        children: [
          sub(TEMPLATE_PERMISSIONS.list, '模板列表', '/message/template/templateList', 'message/template/templateList', '/message/template'),
          sub(TEMPLATE_PERMISSIONS.add, '新增模板', '/message/template/templateAdd', 'message/template/templateForm', '/message/template'),
          sub(TEMPLATE_PERMISSIONS.upd, '修改模板', '/message/template/templateUpd', 'message/template/templateForm', '/message/template'),
          sub(TEMPLATE_PERMISSIONS.detail, '模板详情', '/message/template/templateDetail', 'message/template/templateForm', '/message/template'),
          sub(TEMPLATE_PERMISSIONS.log, '发送记录', '/message/template/templateLog', 'message/template/templateLog', '/message/template'),
          ...buttons(TEMPLATE_PERMISSIONS, [['del', '删除'], ['send', '发送']]),
        ],
      }),
      page(SMS_PERMISSIONS.main, '短信日志', '/message/sms', 'Layout', {
        redirect: '/message/sms/smsList', icon: 'MailOutlined',
        children: [sub(SMS_PERMISSIONS.list, '短信日志列表', '/message/sms/smsList', 'message/sms/smsList', '/message/sms'), ...buttons(SMS_PERMISSIONS, [['del', '删除'], ['export', '导出']])],
      }),
    ],
  },
  page(CENTER_PERMISSIONS.main, '个人中心', '/center', 'center/index', {
    icon: 'IdcardOutlined',
    // The applicant's declaration actions (portal 我的申报 and /declare), granted to 申报人.
    children: buttons(DECLARE_PERMISSIONS, [['mine', '我的申报'], ['add', '开始申报'], ['edit', '填写申报书'], ['submit', '提交申报'], ['revoke', '撤回申报']]),
  }),
];

/** Flattens the tree, parents first. */
export function flattenFunctions(tree: FuncSeed[], parentCode: string | null = null): Array<FuncSeed & { parentCode: string | null; sort: number }> {
  return tree.flatMap((node, index) => [
    { ...node, parentCode, sort: (index + 1) * 10 },
    ...flattenFunctions(node.children ?? [], node.code),
  ]);
}
