import { recordOperation, type ChangeContext, type OperationEntry } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import { AppError } from '../../../core/errors';
import { dictRepo, type DictRow } from './repo';

export const DICT_MODULE = 'base:dict';

/** What a changed entry is called in messages: 字典分类 for a category, 字典项 for a value. */
export const kindOf = (row: Pick<DictRow, 'dictType'>) => (row.dictType === 'DICT' ? '字典分类' : '字典项');

/**
 * A locked entry (lockFlag) is protected: codes other data and the program rely on (ORG_TYPE, its
 * values) must not change by accident. 423 Locked, as for a locked account: the request is fine,
 * the resource refuses it until someone with base:dict:lock unlocks it.
 */
export function lockedError(row: Pick<DictRow, 'dictType' | 'dictName'>, verb: '修改' | '删除' | '移动'): AppError {
  return new AppError(423, '423', `${kindOf(row)}「${row.dictName}」已锁定，不能${verb}；如需${verb}请先解锁`);
}

export function assertUnlocked(row: DictRow, verb: '修改' | '删除' | '移动') {
  if (row.lockFlag) throw lockedError(row, verb);
}

/** Full code (spec §3 dictFullCode, form PARENT|CODE): the parent's full code, a bar, the code. */
export const fullCodeOf = (parent: Pick<DictRow, 'dictFullCode'> | null, code: string) => (parent ? `${parent.dictFullCode}|${code}` : code);

/** The record as the console reads it: spec §3 fields plus label/value (= name/code) and the parent's code. */
export function presentDict(row: DictRow, parentCode: string | null = null) {
  const { id, ...rest } = row;
  return { dictId: id, ...rest, label: row.dictName, value: row.dictCode, parent: parentCode };
}
export type DictRecord = ReturnType<typeof presentDict>;

/** The code of an entry's parent (a value's category code), null at the top or when the parent is gone. */
export async function parentCodeOf(ex: Executor, row: Pick<DictRow, 'parentId'>): Promise<string | null> {
  if (!row.parentId) return null;
  return (await dictRepo.findLive(ex, row.parentId).catch(() => null))?.dictCode ?? null;
}

/** The operation-log row of a dictionary change, written in the change's transaction. */
export const logDictChange = (ex: Executor, change: ChangeContext, entry: Omit<OperationEntry, 'module' | keyof ChangeContext>) =>
  recordOperation(ex, { module: DICT_MODULE, ...entry, ...change });

/** Runs a change in one transaction; once it committed, every instance drops its cached dictionaries. */
export type DictChange = <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
