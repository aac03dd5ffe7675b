import { AppError } from '../../../core/errors';
import type { DictRow } from './repo';

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
  const { id, createById: _c, updateById: _u, ...rest } = row;
  return { dictId: id, ...rest, label: row.dictName, value: row.dictCode, parent: parentCode };
}
export type DictRecord = ReturnType<typeof presentDict>;

/** Deepest category nesting: a category, its group, and the group's group. */
export const MAX_CATEGORY_LEVEL = 3;
