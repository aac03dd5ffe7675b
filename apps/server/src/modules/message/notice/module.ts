import type { FastifyInstance } from 'fastify';
import { NOTICE_PERMISSIONS } from '@dandelion/shared/message/notice';
import type { Executor } from '../../../core/db';
import type { FileService } from '../../file/module';
import type { Directory } from '../directory/module';
import type { MessageService } from '../msg/module';
import { NOTICE_FILE_BIZ } from './content';
import { createNoticeInbox } from './inbox';
import { createReceiptService } from './receipts';
import { registerNoticeRoutes } from './routes';
import { createNoticeService } from './service';

export interface NoticeModuleDeps {
  db: Executor;
  files: FileService;
  directory: Directory;
  /** The header's dropdown shows the newest unread in-site messages beside the notices. */
  messages: MessageService;
}

/**
 * Notices (spec §7 /rest/noticeService/*): administration, delivery to an audience, read receipts,
 * every user's inbox and the portal's public notices. A notice's files are readable by whoever may
 * read the notice, and by its administrators.
 */
export function registerNoticeModule(app: FastifyInstance, deps: NoticeModuleDeps): void {
  const { db, files, directory, messages } = deps;
  const inbox = createNoticeInbox({ db, files });
  files.registerAccessRule(NOTICE_FILE_BIZ, async (principal, bizId) => {
    if (principal.permissions.has(NOTICE_PERMISSIONS.detail) || principal.permissions.has(NOTICE_PERMISSIONS.list)) return true;
    return /^\d+$/.test(bizId) && inbox.canRead(principal.userId, Number(bizId));
  });
  registerNoticeRoutes(app, { notices: createNoticeService({ db, files, directory }), inbox, receipts: createReceiptService({ db }), directory, messages });
}
