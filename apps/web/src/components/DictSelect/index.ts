export { DictLabel, DictSelect } from './DictSelect';
export type { DictLabelProps, DictSelectProps } from './DictSelect';
export { DICT_STALE_MS, dictKeys, dictStorageKey, fetchDictLists, forgetDicts, useDict, useDictLabel } from './dictApi';
export type { DictItem } from './dictApi';
