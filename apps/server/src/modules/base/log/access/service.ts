import type { PageParameter } from '@dandelion/shared';
import { LOG_PERMISSIONS, LOGIN_TYPE_LABELS, type AccessClient } from '@dandelion/shared/base/log';
import type { Db } from '../../../../core/db';
import { errors } from '../../../../core/errors';
import { beijingTime, workbookOf, type SheetColumn } from '../../../../core/excel';
import type { Principal } from '../../../../core/permissions';
import type { BatchWriter } from '../batchWriter';
import { byLogId } from '../reads';
import type { LoginLogFilter, LoginLogItem, LoginLogSource } from './loginLogSource';
import { accessLogRepo, type AccessLogFilter, type AccessLogRow } from './repo';

export interface PageView {
  client: AccessClient;
  path: string;
  title?: string;
  referrer?: string;
}

export interface Visitor {
  userId: number | null;
  username: string | null;
  ip: string;
  userAgent: string | null;
}

/** A referrer without its query string and fragment: those may carry tokens or personal data. */
export function plainReferrer(referrer: string | undefined): string | null {
  if (!referrer) return null;
  const cut = referrer.split(/[?#]/)[0]!.trim();
  return cut ? cut.slice(0, 256) : null;
}

const LOGIN_EXPORT_COLUMNS: SheetColumn<LoginLogItem>[] = [
  { header: '登录时间', width: 20, value: (r) => beijingTime(r.createTime) },
  { header: '登录名', width: 18, value: (r) => r.loginName },
  { header: '登录方式', width: 12, value: (r) => LOGIN_TYPE_LABELS[r.loginType as keyof typeof LOGIN_TYPE_LABELS] ?? r.loginType },
  { header: '结果', width: 8, value: (r) => (r.success ? '成功' : '失败') },
  { header: '提示信息', width: 28, value: (r) => r.message },
  { header: 'IP', width: 18, value: (r) => r.ip },
  { header: '客户端', width: 48, value: (r) => r.userAgent },
];

const holds = (principal: Principal | null, code: string) => !!principal && (principal.isSuperAdmin || principal.permissions.has(code));

/**
 * Who came in and what they opened: the sign-in log (read through the identity module's port) and
 * the page views the browser reports, queued for the next batch write.
 */
export function createAccessLogService({ db, writer, logins }: { db: Db; writer: BatchWriter<AccessLogRow>; logins: LoginLogSource }) {
  return {
    async loginPage(filter: LoginLogFilter, page: PageParameter) {
      const result = await logins.page(filter, page);
      return { ...result, list: result.list.map(byLogId) };
    },

    /** Exporting is a second right on top of reading: a holder of only the export code reads nothing. */
    async loginWorkbook(filter: LoginLogFilter, principal: Principal | null) {
      if (!holds(principal, LOG_PERMISSIONS.login)) throw errors.forbidden();
      return workbookOf('登录日志', LOGIN_EXPORT_COLUMNS, await logins.forExport(filter));
    },

    /** Queues one page view; it is written with the next batch. */
    record(view: PageView, visitor: Visitor) {
      writer.push({
        client: view.client,
        path: view.path,
        title: view.title?.trim().slice(0, 128) || null,
        referrer: plainReferrer(view.referrer),
        userId: visitor.userId,
        username: visitor.username,
        ip: visitor.ip.slice(0, 64),
        userAgent: visitor.userAgent?.slice(0, 256) || null,
        createTime: new Date(),
      });
    },

    async page(filter: AccessLogFilter, page: PageParameter) {
      const result = await accessLogRepo.page(db, filter, page);
      return { ...result, list: result.list.map(byLogId) };
    },
  };
}
export type AccessLogService = ReturnType<typeof createAccessLogService>;
