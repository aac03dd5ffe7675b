/**
 * The home page's to-do cards: things waiting for the user that exist today, each counted with a
 * list call the user may already make (one row asked for, its total read) and linked to that list.
 * A card is shown only to holders of the list's permission, so nobody sees a count they cannot open.
 */
// Types only: the routes and permission codes below are checked against these contracts at compile
// time, and none of their schemas is loaded with the home page (callByRoute.ts).
import type { FORMAL_REVIEW_PERMISSIONS, NOMINATION_PERMISSIONS, UNIT_REVIEW_PERMISSIONS } from '@dandelion/shared/award/declaration';
import type { formalReviewCalls, levelReviewCalls } from '@dandelion/shared/award/declarationReview';
import type { EXPERT_TASK_PERMISSIONS, expertPushCalls } from '@dandelion/shared/award/expertPush';
import type { COMPLAINT_PERMISSIONS, complaintCalls } from '@dandelion/shared/cms/complaint';
import type { CONTENT_PERMISSIONS, contentCalls } from '@dandelion/shared/cms/content';
import type { SCHEDULER_PERMISSIONS, schedulerCalls } from '@dandelion/shared/base/scheduler';
import type { MY_MESSAGE_PERMISSIONS } from '@dandelion/shared/message/msg';
import { callByRoute, type CallRoute } from './callByRoute';

const UNIT_REVIEW_PAGE: CallRoute<typeof levelReviewCalls.unitPage> = { method: 'POST', path: '/rest/declare/getUnitReviewPage' };
const NOMINATION_PAGE: CallRoute<typeof levelReviewCalls.nominationPage> = { method: 'POST', path: '/rest/declare/getNominationPage' };
const FORMAL_REVIEW_PAGE: CallRoute<typeof formalReviewCalls.page> = { method: 'POST', path: '/rest/auditPrize/getAuditPage' };
const MY_EXPERT_TASKS: CallRoute<typeof expertPushCalls.myTasks> = { method: 'POST', path: '/rest/expertPush/getMyTasks' };
const COMPLAINT_PAGE: CallRoute<typeof complaintCalls.page> = { method: 'POST', path: '/rest/complain/getComplainPage' };
const CONTENT_PAGE: CallRoute<typeof contentCalls.page> = { method: 'POST', path: '/rest/content/getContentPage' };
const TASK_RUN_PAGE: CallRoute<typeof schedulerCalls.runPage> = { method: 'POST', path: '/rest/task/getTaskLogPage' };

const ONE_ROW = { pageNum: 1, pageSize: 1 };
const DAY_MS = 24 * 60 * 60 * 1000;
/** Failed task runs count from this many days back: older failures are history, not to-dos. */
export const FAILED_RUN_DAYS = 7;

export interface TodoCard {
  key: string;
  title: string;
  /** What the count is, after the number: 3 条等待回复. */
  caption: string;
  permission: string;
  /** The list showing exactly these items. */
  to: string;
  /** Counted by a list call; absent for the unread count, which the header's bell already keeps. */
  count?: (signal: AbortSignal) => Promise<number>;
}

export const PENDING_WORK_CARDS: readonly TodoCard[] = [
  {
    key: 'unitReview',
    title: '待单位审核',
    caption: '份申报书等待本单位审核',
    permission: 'award:unitReview:list' satisfies typeof UNIT_REVIEW_PERMISSIONS.list,
    to: '/award/unitReview/unitReviewList',
    count: async (signal) => (await callByRoute(UNIT_REVIEW_PAGE, { pageParameter: ONE_ROW, scope: 'PENDING' }, { signal, silent: true })).total,
  },
  {
    key: 'nomination',
    title: '待提名审核',
    caption: '份申报书等待提名',
    permission: 'award:nomination:list' satisfies typeof NOMINATION_PERMISSIONS.list,
    to: '/award/nomination/nominationList',
    count: async (signal) => (await callByRoute(NOMINATION_PAGE, { pageParameter: ONE_ROW, scope: 'PENDING' }, { signal, silent: true })).total,
  },
  {
    key: 'formalReview',
    title: '待形式审查',
    caption: '份申报书等待形式审查',
    permission: 'award:formalReview:list' satisfies typeof FORMAL_REVIEW_PERMISSIONS.list,
    to: '/award/formalReview/formalReviewList',
    count: async (signal) => (await callByRoute(FORMAL_REVIEW_PAGE, { pageParameter: ONE_ROW, scope: 'PENDING' }, { signal, silent: true })).total,
  },
  {
    key: 'reviewInvitations',
    title: '待答复评审邀请',
    caption: '项评审邀请等待接受或拒绝',
    permission: 'award:expertTask:list' satisfies typeof EXPERT_TASK_PERMISSIONS.list,
    to: '/award/expertTask/expertTaskList',
    count: async (signal) => (await callByRoute(MY_EXPERT_TASKS, { pageParameter: ONE_ROW, state: 'PUSHED' }, { signal, silent: true })).total,
  },
  {
    key: 'reviewsToScore',
    title: '待提交评分',
    caption: '项已接受的评审尚未提交评分',
    permission: 'award:expertTask:list' satisfies typeof EXPERT_TASK_PERMISSIONS.list,
    to: '/award/expertTask/expertTaskList',
    count: async (signal) => {
      const [accepted, started] = await Promise.all(
        (['ACCEPTED', 'IN_PROGRESS'] as const).map((state) => callByRoute(MY_EXPERT_TASKS, { pageParameter: ONE_ROW, state }, { signal, silent: true })),
      );
      return accepted!.total + started!.total;
    },
  },
  {
    key: 'unread',
    title: '未读消息',
    caption: '条通知和消息未读',
    permission: 'message:my:list' satisfies typeof MY_MESSAGE_PERMISSIONS.list,
    to: '/message/my/myMsgList',
  },
  {
    key: 'complaints',
    title: '待处理投诉',
    caption: '条投诉建议等待回复',
    permission: 'cms:complaint:list' satisfies typeof COMPLAINT_PERMISSIONS.list,
    to: '/cms/complaint/complaintList?status=PENDING',
    count: async (signal) =>
      (await callByRoute(COMPLAINT_PAGE, { pageParameter: ONE_ROW, status: 'PENDING' }, { signal, silent: true })).total,
  },
  {
    key: 'drafts',
    title: '文章草稿',
    caption: '篇文章尚未发布',
    permission: 'cms:content:list' satisfies typeof CONTENT_PERMISSIONS.list,
    to: '/cms/content/contentList?status=DRAFT',
    count: async (signal) =>
      (await callByRoute(CONTENT_PAGE, { pageParameter: ONE_ROW, status: 'DRAFT' }, { signal, silent: true })).total,
  },
  {
    key: 'failedRuns',
    title: '失败的定时任务',
    caption: `次执行失败（近 ${FAILED_RUN_DAYS} 天）`,
    permission: 'base:scheduler:log' satisfies typeof SCHEDULER_PERMISSIONS.log,
    to: '/base/scheduler/schedulerMain?runs=all',
    count: async (signal) => {
      const beginTime = new Date(Date.now() - FAILED_RUN_DAYS * DAY_MS).toISOString();
      return (await callByRoute(TASK_RUN_PAGE, { pageParameter: ONE_ROW, status: 'FAILED', beginTime }, { signal, silent: true })).total;
    },
  },
];
