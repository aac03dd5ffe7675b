/**
 * The home page's to-do cards: things waiting for the user that exist today, each counted with a
 * list call the user may already make (one row asked for, its total read) and linked to that list.
 * A card is shown only to holders of the list's permission, so nobody sees a count they cannot open.
 */
import { FORMAL_REVIEW_PERMISSIONS, NOMINATION_PERMISSIONS, UNIT_REVIEW_PERMISSIONS } from '@dandelion/shared/award/declaration';
import { formalReviewCalls, levelReviewCalls } from '@dandelion/shared/award/declarationReview';
import { EXPERT_TASK_PERMISSIONS, expertPushCalls } from '@dandelion/shared/award/expertPush';
import { COMPLAINT_PERMISSIONS, complaintCalls } from '@dandelion/shared/cms/complaint';
import { CONTENT_PERMISSIONS, contentCalls } from '@dandelion/shared/cms/content';
import { SCHEDULER_PERMISSIONS, schedulerCalls } from '@dandelion/shared/base/scheduler';
import { MY_MESSAGE_PERMISSIONS } from '@dandelion/shared/message/msg';
import { call } from '../../api/call';

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
    permission: UNIT_REVIEW_PERMISSIONS.list,
    to: '/award/unitReview/unitReviewList',
    count: async (signal) => (await call(levelReviewCalls.unitPage, { pageParameter: ONE_ROW, scope: 'PENDING' }, { signal, silent: true })).total,
  },
  {
    key: 'nomination',
    title: '待提名审核',
    caption: '份申报书等待提名',
    permission: NOMINATION_PERMISSIONS.list,
    to: '/award/nomination/nominationList',
    count: async (signal) => (await call(levelReviewCalls.nominationPage, { pageParameter: ONE_ROW, scope: 'PENDING' }, { signal, silent: true })).total,
  },
  {
    key: 'formalReview',
    title: '待形式审查',
    caption: '份申报书等待形式审查',
    permission: FORMAL_REVIEW_PERMISSIONS.list,
    to: '/award/formalReview/formalReviewList',
    count: async (signal) => (await call(formalReviewCalls.page, { pageParameter: ONE_ROW, scope: 'PENDING' }, { signal, silent: true })).total,
  },
  {
    key: 'reviewInvitations',
    title: '待答复评审邀请',
    caption: '项评审邀请等待接受或拒绝',
    permission: EXPERT_TASK_PERMISSIONS.list,
    to: '/award/expertTask/expertTaskList',
    count: async (signal) => (await call(expertPushCalls.myTasks, { pageParameter: ONE_ROW, state: 'PUSHED' }, { signal, silent: true })).total,
  },
  {
    key: 'reviewsToScore',
    title: '待提交评分',
    caption: '项已接受的评审尚未提交评分',
    permission: EXPERT_TASK_PERMISSIONS.list,
    to: '/award/expertTask/expertTaskList',
    count: async (signal) => {
      const [accepted, started] = await Promise.all(
        (['ACCEPTED', 'IN_PROGRESS'] as const).map((state) => call(expertPushCalls.myTasks, { pageParameter: ONE_ROW, state }, { signal, silent: true })),
      );
      return accepted!.total + started!.total;
    },
  },
  {
    key: 'unread',
    title: '未读消息',
    caption: '条通知和消息未读',
    permission: MY_MESSAGE_PERMISSIONS.list,
    to: '/message/my/myMsgList',
  },
  {
    key: 'complaints',
    title: '待处理投诉',
    caption: '条投诉建议等待回复',
    permission: COMPLAINT_PERMISSIONS.list,
    to: '/cms/complaint/complaintList?status=PENDING',
    count: async (signal) =>
      (await call(complaintCalls.page, { pageParameter: ONE_ROW, status: 'PENDING' }, { signal, silent: true })).total,
  },
  {
    key: 'drafts',
    title: '文章草稿',
    caption: '篇文章尚未发布',
    permission: CONTENT_PERMISSIONS.list,
    to: '/cms/content/contentList?status=DRAFT',
    count: async (signal) =>
      (await call(contentCalls.page, { pageParameter: ONE_ROW, status: 'DRAFT' }, { signal, silent: true })).total,
  },
  {
    key: 'failedRuns',
    title: '失败的定时任务',
    caption: `次执行失败（近 ${FAILED_RUN_DAYS} 天）`,
    permission: SCHEDULER_PERMISSIONS.log,
    to: '/base/scheduler/schedulerMain?runs=all',
    count: async (signal) => {
      const beginTime = new Date(Date.now() - FAILED_RUN_DAYS * DAY_MS).toISOString();
      return (await call(schedulerCalls.runPage, { pageParameter: ONE_ROW, status: 'FAILED', beginTime }, { signal, silent: true })).total;
    },
  },
];
