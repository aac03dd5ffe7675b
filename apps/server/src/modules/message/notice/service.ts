import type { PageParameter } from '@dandelion/shared';
import { AUDIENCE_REQUIRED, type NoticeAudience, type NoticePriority } from '@dandelion/shared/message/notice';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import type { Principal } from '../../../core/permissions';
import type { Actor } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import type { FileService } from '../../file/module';
import type { Directory } from '../directory/module';
import { TARGET } from './audience';
import { cleanNoticeContent, filesOfNotice, NOTICE_FILE_BIZ, summaryOf } from './content';
import { noticeRepo, type NoticeFilter, type NoticeRow } from './repo';

export const NOTICE_MODULE = 'message:notice';

export interface NoticeInput {
  title: string;
  content: string;
  priority: NoticePriority;
  audienceType: NoticeAudience;
  roleIds: number[];
  orgIds: number[];
  userIds: number[];
  includeSubOrgs: boolean;
  isPublic: boolean;
  publishTime?: Date | null;
  expireTime?: Date | null;
  attachmentIds: number[];
}

export const presentNotice = (row: NoticeRow) => {
  const { id, ...rest } = row;
  return { noticeId: id, ...rest };
};

const noCounts = { deliveredCount: 0, readCount: 0 };

/**
 * Notices as administrators keep them (spec §7 /rest/noticeService/*, §4 released, revoked): drafts
 * are written and changed, released to their audience (delivered into inboxes in the same
 * transaction), revoked, synced and deleted. Every change leaves an operation-log row.
 */
export function createNoticeService({ db, files, directory }: { db: Executor; files: FileService; directory: Directory }) {
  async function findLive(ex: Executor, id: number): Promise<NoticeRow> {
    const row = await noticeRepo.findLive(ex, id);
    if (!row) throw errors.notFound('通知');
    return row;
  }

  /** The chosen roles, organisations and users, each checked to exist. */
  async function checkAudience(input: NoticeInput) {
    if (input.audienceType === 'ALL') return;
    if (!input.roleIds.length && !input.orgIds.length && !input.userIds.length) throw errors.badRequest(AUDIENCE_REQUIRED);
    const missing = async (ids: number[], names: (ids: number[]) => Promise<Map<number, string>>) => (await names(ids)).size !== new Set(ids).size;
    if (await missing(input.roleIds, directory.roleNames)) throw errors.badRequest('部分角色不存在或已被删除');
    if (await missing(input.orgIds, directory.orgNames)) throw errors.badRequest('部分机构不存在或已被删除');
    if (await missing(input.userIds, directory.userNames)) throw errors.badRequest('部分用户不存在或已被删除');
  }

  /** Values of the notice row itself, checked and cleaned. */
  async function valuesOf(input: NoticeInput) {
    if (input.isPublic && input.audienceType !== 'ALL') throw errors.badRequest('只有面向全体用户的通知可以公开到门户');
    if (input.publishTime && input.expireTime && input.expireTime <= input.publishTime) throw errors.badRequest('失效时间必须晚于发布时间');
    await checkAudience(input);
    const content = cleanNoticeContent(input.content);
    return {
      title: input.title,
      content,
      summary: summaryOf(content),
      priority: input.priority,
      audienceType: input.audienceType,
      includeSubOrgs: input.includeSubOrgs,
      isPublic: input.isPublic,
      publishTime: input.publishTime ?? null,
      expireTime: input.expireTime ?? null,
      attachmentIds: [...new Set(input.attachmentIds)].map(String),
    };
  }

  /** Attaches the files the notice newly shows; files it already held stay as they are. */
  async function attachNewFiles(tx: Executor, row: NoticeRow, before: NoticeRow | null, actor: Actor) {
    const had = new Set(before ? filesOfNotice(before.attachmentIds, before.content) : []);
    const fresh = filesOfNotice(row.attachmentIds, row.content).filter((id) => !had.has(id));
    await files.attach(tx, { fileIds: fresh, bizType: NOTICE_FILE_BIZ, bizId: String(row.id) }, actor);
  }

  const filesOf = (id: number) => ({ bizType: NOTICE_FILE_BIZ, bizId: String(id) });

  /** Release: the publish time defaults to now, expired notices cannot go out, the audience receives it at once. */
  async function release(tx: Executor, before: NoticeRow, lockVersion: number, change: ChangeContext) {
    const now = new Date();
    if (before.expireTime && before.expireTime <= now) throw errors.badRequest('失效时间已过，不能发布，请修改失效时间');
    const row = await noticeRepo.update(
      tx,
      before.id,
      lockVersion,
      { status: 'RELEASED', publishTime: before.publishTime ?? now, releaseTime: now, releaseBy: change.actor.name, revokeTime: null, revokeBy: null },
      change.actor,
    );
    // Released again after a revocation: everyone reads the (possibly corrected) notice afresh.
    if (before.status === 'REVOKED') await noticeRepo.markAllUnread(tx, row.id);
    const delivered = await noticeRepo.deliverToAudience(tx, row.id, now);
    // Public notices' files are readable by anyone once the notice is out (see docs/messaging.md).
    await files.setRecordVisibility(tx, filesOf(row.id), row.isPublic && row.publishTime! <= now ? 'PUBLIC' : 'PRIVATE');
    await recordOperation(tx, {
      module: NOTICE_MODULE,
      action: 'RELEASE',
      entityId: row.id,
      summary: `发布通知「${row.title}」，投递 ${delivered} 人`,
      before: presentNotice(before),
      after: presentNotice(row),
      ...change,
    });
    return row;
  }

  async function save(id: number | null, lockVersion: number | null, input: NoticeInput, andRelease: boolean, change: ChangeContext) {
    const values = await valuesOf(input);
    return withTransaction(db, async (tx) => {
      let before: NoticeRow | null = null;
      let row: NoticeRow;
      if (id === null) {
        row = await noticeRepo.insert(tx, { ...values, status: 'DRAFT' }, change.actor);
      } else {
        before = await findLive(tx, id);
        if (before.status === 'RELEASED') throw errors.conflict('已发布的通知不能修改，请先撤回');
        row = await noticeRepo.update(tx, id, lockVersion!, values, change.actor);
      }
      const audience = { roleIds: input.roleIds, orgIds: input.orgIds, userIds: input.userIds };
      const beforeAudience = before && (await noticeRepo.audienceOf(tx, before.id));
      await noticeRepo.replaceAudience(tx, row.id, input.audienceType === 'ALL' ? null : audience);
      await attachNewFiles(tx, row, before, change.actor);
      await recordOperation(tx, {
        module: NOTICE_MODULE,
        action: before ? 'UPDATE' : 'CREATE',
        entityId: row.id,
        summary: `${before ? '修改' : '新增'}通知「${row.title}」`,
        before: before ? { ...presentNotice(before), ...beforeAudience } : undefined,
        after: { ...presentNotice(row), ...audience },
        ...change,
      });
      if (andRelease) row = await release(tx, row, row.lockVersion, change);
      return presentNotice(row);
    });
  }

  async function removeOne(tx: Executor, id: number, lockVersion: number | undefined, change: ChangeContext) {
    const before = await findLive(tx, id);
    const after = await noticeRepo.softDelete(tx, id, lockVersion, change.actor);
    await files.setRecordVisibility(tx, filesOf(id), 'PRIVATE');
    await recordOperation(tx, { module: NOTICE_MODULE, action: 'DELETE', entityId: id, summary: `删除通知「${before.title}」`, before: presentNotice(before), after: presentNotice(after), ...change });
  }

  /** Names of the chosen roles, organisations and users (a deleted one has none). */
  async function namesOf(audience: { roleIds: number[]; orgIds: number[]; userIds: number[] }) {
    const [roles, orgs, users] = await Promise.all([directory.roleNames(audience.roleIds), directory.orgNames(audience.orgIds), directory.userNames(audience.userIds)]);
    return { [TARGET.ROLE]: roles, [TARGET.ORG]: orgs, [TARGET.USER]: users } as Record<string, Map<number, string>>;
  }

  return {
    async page(filter: NoticeFilter, page: PageParameter) {
      const result = await noticeRepo.page(db, filter, page);
      const ids = result.list.map((r) => r.id);
      const counts = await noticeRepo.countsOf(db, ids);
      const targets = await noticeRepo.audienceRows(db, ids);
      const ofType = (type: string) => targets.filter((t) => t.targetType === type).map((t) => t.targetId);
      const names = await namesOf({ roleIds: ofType(TARGET.ROLE), orgIds: ofType(TARGET.ORG), userIds: ofType(TARGET.USER) });
      return {
        ...result,
        list: result.list.map((row) => {
          const { content: _content, ...listed } = presentNotice(row);
          const audienceNames = targets
            .filter((t) => t.noticeId === row.id)
            .map((t) => names[t.targetType]?.get(t.targetId))
            .filter((n): n is string => !!n);
          return { ...listed, audienceNames, ...(counts.get(row.id) ?? noCounts) };
        }),
      };
    },

    /** The whole notice for the administrator's form: audience with names, attachments, delivery counts. */
    async detail(id: number, principal: Principal) {
      const row = await findLive(db, id);
      const audience = await noticeRepo.audienceOf(db, id);
      const names = await namesOf(audience);
      const named = (ids: number[], type: string) => ids.map((value) => ({ value, label: names[type]!.get(value) ?? `已删除（${value}）` }));
      const attachments = await files.details(row.attachmentIds.map(Number), principal);
      return {
        ...presentNotice(row),
        ...audience,
        roles: named(audience.roleIds, TARGET.ROLE),
        orgs: named(audience.orgIds, TARGET.ORG),
        users: named(audience.userIds, TARGET.USER),
        attachments: row.attachmentIds.map((fid) => attachments.find((f) => String(f.fileId) === fid)).filter((f) => !!f),
        ...((await noticeRepo.countsOf(db, [id])).get(id) ?? noCounts),
      };
    },

    /** addNotice: a new draft, released at once when asked (and allowed). */
    add: (input: NoticeInput, andRelease: boolean, change: ChangeContext) => save(null, null, input, andRelease, change),

    /** updateNotice: drafts and revoked notices only; a released one must be revoked first. */
    update: (id: number, lockVersion: number, input: NoticeInput, andRelease: boolean, change: ChangeContext) => save(id, lockVersion, input, andRelease, change),

    /** updateStatus: RELEASED (from a draft or a revoked notice) or REVOKED (from a released one). */
    async updateStatus(id: number, lockVersion: number, status: 'RELEASED' | 'REVOKED', change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        if (status === 'RELEASED') {
          if (before.status === 'RELEASED') throw errors.conflict('通知已发布，无需再次发布');
          return presentNotice(await release(tx, before, lockVersion, change));
        }
        if (before.status !== 'RELEASED') throw errors.conflict('只有已发布的通知可以撤回');
        const row = await noticeRepo.update(tx, id, lockVersion, { status: 'REVOKED', revokeTime: new Date(), revokeBy: change.actor.name }, change.actor);
        await files.setRecordVisibility(tx, filesOf(id), 'PRIVATE');
        await recordOperation(tx, { module: NOTICE_MODULE, action: 'REVOKE', entityId: id, summary: `撤回通知「${row.title}」`, before: presentNotice(before), after: presentNotice(row), ...change });
        return presentNotice(row);
      });
    },

    /**
     * SyncNoticeByIds: brings the inboxes of released notices in line with their audience as it is
     * now: new members receive them, unread copies of former members are taken back. Idempotent.
     */
    async sync(ids: number[], change: ChangeContext) {
      const unique = [...new Set(ids)];
      return withTransaction(db, async (tx) => {
        const rows = await noticeRepo.liveByIds(tx, unique);
        if (rows.length !== unique.length) throw errors.notFound('部分通知');
        const notReleased = rows.filter((r) => r.status !== 'RELEASED');
        if (notReleased.length) throw errors.conflict(`只有已发布的通知可以同步：${notReleased.map((r) => `「${r.title}」`).join('、')}`);
        const now = new Date();
        let delivered = 0;
        let withdrawn = 0;
        for (const row of rows) {
          const gave = await noticeRepo.deliverToAudience(tx, row.id, now);
          const took = await noticeRepo.withdrawFromNonMembers(tx, row.id);
          delivered += gave;
          withdrawn += took;
          await recordOperation(tx, {
            module: NOTICE_MODULE,
            action: 'SYNC',
            entityId: row.id,
            summary: `同步通知「${row.title}」：新投递 ${gave} 人，收回 ${took} 人`,
            after: { delivered: gave, withdrawn: took },
            ...change,
          });
        }
        return { notices: rows.length, delivered, withdrawn };
      });
    },

    async remove(id: number, lockVersion: number | undefined, change: ChangeContext) {
      await withTransaction(db, (tx) => removeOne(tx, id, lockVersion, change));
    },

    /** All or nothing: one missing notice refuses the batch. */
    async removeMany(ids: number[], change: ChangeContext): Promise<number> {
      const unique = [...new Set(ids)];
      return withTransaction(db, async (tx) => {
        if ((await noticeRepo.liveByIds(tx, unique)).length !== unique.length) throw errors.notFound('部分通知');
        for (const id of unique) await removeOne(tx, id, undefined, change);
        return unique.length;
      });
    },
  };
}
export type NoticeService = ReturnType<typeof createNoticeService>;
