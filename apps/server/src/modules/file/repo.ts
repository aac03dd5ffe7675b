import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../core/db';
import { createdBy, notDeleted, type Actor } from '../../core/records';
import { sysFile, sysFileRep } from './tables';

export type FileRow = typeof sysFile.$inferSelect;
export type FileVisibility = 'PRIVATE' | 'PUBLIC';
/** A record of another module that files are attached to. */
export interface FileRecord {
  bizType: string;
  bizId: string;
}

const live = (...conditions: Array<SQL | undefined>) => and(notDeleted(sysFile), ...conditions);
const ofRecord = (record: FileRecord) => [eq(sysFile.bizType, record.bizType), eq(sysFile.bizId, record.bizId)];
const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);

/** Every query of the file service; each takes the executor (the database or an open transaction) first. */
export const fileRepo = {
  /** The repository row of some content, created when these bytes are new; answers its id. */
  async keepContent(ex: Executor, content: { sha256: string; size: number; sniffedType: string; storageKey: string }, actor: Actor): Promise<number> {
    await ex
      .insert(sysFileRep)
      .values({ ...content, ...createdBy(actor) })
      .onConflictDoNothing();
    const [rep] = await ex.select({ id: sysFileRep.id }).from(sysFileRep).where(eq(sysFileRep.sha256, content.sha256));
    return rep!.id;
  },

  async insert(ex: Executor, values: typeof sysFile.$inferInsert, actor: Actor): Promise<FileRow> {
    const [row] = await ex
      .insert(sysFile)
      .values({ ...values, ...createdBy(actor) })
      .returning();
    return row!;
  },

  /** The uploads of one file id, or of one content (fileRepId): at most 50 to check readability against. */
  uploadsOf: (ex: Executor, ref: { fileId?: number; fileRepId?: number }) =>
    ex
      .select()
      .from(sysFile)
      .where(live(ref.fileId !== undefined ? eq(sysFile.id, ref.fileId) : eq(sysFile.fileRepId, ref.fileRepId!)))
      .limit(50),

  async content(ex: Executor, fileRepId: number) {
    const [rep] = await ex.select().from(sysFileRep).where(eq(sysFileRep.id, fileRepId));
    return rep;
  },

  async findLive(ex: Executor, fileId: number): Promise<FileRow | undefined> {
    const [row] = await ex.select().from(sysFile).where(live(eq(sysFile.id, fileId))).limit(1);
    return row;
  },

  liveByIds: (ex: Executor, fileIds: number[]) => ex.select().from(sysFile).where(live(inArray(sysFile.id, fileIds))),

  /** Names of live files by id, for building their addresses. */
  namesByIds: (ex: Executor, fileIds: number[]) =>
    ex
      .select({ id: sysFile.id, filename: sysFile.filename })
      .from(sysFile)
      .where(live(inArray(sysFile.id, fileIds))),

  /** Attaches files to a record; only the actor's own uploads when an actor is given. */
  async attach(ex: Executor, fileIds: number[], record: FileRecord & { visibility?: FileVisibility }, actor: Actor | null): Promise<number[]> {
    const rows = await ex
      .update(sysFile)
      .set({ bizType: record.bizType, bizId: record.bizId, ...(record.visibility ? { visibility: record.visibility } : {}) })
      .where(live(inArray(sysFile.id, fileIds), actor ? eq(sysFile.uploaderId, actor.id) : undefined))
      .returning({ id: sysFile.id });
    return ids(rows);
  },

  async setRecordVisibility(ex: Executor, record: FileRecord, visibility: FileVisibility): Promise<number[]> {
    const rows = await ex
      .update(sysFile)
      .set({ visibility })
      .where(live(...ofRecord(record)))
      .returning({ id: sysFile.id });
    return ids(rows);
  },

  recordFiles: (ex: Executor, record: FileRecord) =>
    ex
      .select()
      .from(sysFile)
      .where(live(...ofRecord(record)))
      .orderBy(asc(sysFile.id)),

  async detach(ex: Executor, record: FileRecord, fileIds: number[]): Promise<number[]> {
    const rows = await ex
      .update(sysFile)
      .set({ bizType: null, bizId: null, visibility: 'PRIVATE' })
      .where(live(...ofRecord(record), inArray(sysFile.id, fileIds)))
      .returning({ id: sysFile.id });
    return ids(rows);
  },
};
