/** Dictionary items for selects and table labels (spec §7 Dictionaries: /rest/dict/getdictlists). */
import { useCallback, useMemo } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CallData } from '@dandelion/shared';
import { dictCalls } from '@dandelion/shared/base/dict';
import { call } from '../../api/call';
import { useSessionStore } from '../../api/session';
import { readStored, removeStored, storageKey, writeStored } from '../storage';

/** One item of a dictionary category; `label` is its name, `value` its code. */
export type DictItem = CallData<typeof dictCalls.lists>[string][number];

/** How long a category is trusted before it is asked for again: dictionaries change rarely. */
export const DICT_STALE_MS = 30 * 60_000;

/**
 * Spec §4: dictionaries cached for a session go with it, however it ends. A sign-out clears the query
 * cache and localStorage; a 401 clears localStorage only, so the in-memory copies are keyed by the
 * session they were read in and a new session never sees the old one's.
 */
let sessionGeneration = 0;
useSessionStore.subscribe((state, previous) => {
  if (previous.session && !state.session) sessionGeneration += 1;
});

export const dictKeys = {
  all: ['dict'] as const,
  category: (category: string) => [...dictKeys.all, sessionGeneration, category] as const,
};

/** localStorage entry of a category: 'dandelion__dict:<category>', dropped with the session (spec §4 Logout). */
export const dictStorageKey = (category: string) => `dict:${category}`;

interface StoredDict {
  savedAt: number;
  items: DictItem[];
}

const isStoredDict = (value: unknown): value is StoredDict =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredDict).savedAt === 'number' &&
  Array.isArray((value as StoredDict).items);

/** Several categories in one call. */
export function fetchDictLists(categories: readonly string[]): Promise<Record<string, DictItem[]>> {
  return call(dictCalls.lists, { dictCategorys: [...categories] });
}

type Waiter = { resolve: (items: DictItem[]) => void; reject: (error: unknown) => void };
let batch: Map<string, Waiter[]> | null = null;

/**
 * One category, asked for together with every other category requested in the same turn: a form
 * with five dictionary selects makes one call, not five.
 */
function requestCategory(category: string): Promise<DictItem[]> {
  return new Promise((resolve, reject) => {
    if (!batch) {
      batch = new Map();
      setTimeout(flushBatch, 0);
    }
    const waiters = batch.get(category) ?? [];
    waiters.push({ resolve, reject });
    batch.set(category, waiters);
  });
}

async function flushBatch() {
  const current = batch;
  batch = null;
  if (!current) return;
  try {
    const answer = await fetchDictLists([...current.keys()]);
    current.forEach((waiters, category) => waiters.forEach((w) => w.resolve(answer[category] ?? [])));
  } catch (error) {
    current.forEach((waiters) => waiters.forEach((w) => w.reject(error)));
  }
}

/**
 * The items of one category: from the query cache, else from localStorage while fresh, else from
 * the server (batched), after which they are stored for the next visit.
 */
export function useDict(category: string) {
  return useQuery({
    queryKey: dictKeys.category(category),
    queryFn: async () => {
      const items = await requestCategory(category);
      writeStored(dictStorageKey(category), { savedAt: Date.now(), items } satisfies StoredDict);
      return items;
    },
    staleTime: DICT_STALE_MS,
    initialData: () => readStored(dictStorageKey(category), isStoredDict)?.items,
    initialDataUpdatedAt: () => readStored(dictStorageKey(category), isStoredDict)?.savedAt,
  });
}

/** A function giving a code's label in a category (the code itself while loading or when unknown). */
export function useDictLabel(category: string): (code: string | null | undefined) => string {
  const { data } = useDict(category);
  const labels = useMemo(() => new Map((data ?? []).map((item) => [item.value, item.label])), [data]);
  return useCallback((code) => (code === null || code === undefined ? '' : (labels.get(code) ?? code)), [labels]);
}

/**
 * Forgets the console's copies of dictionaries (memory and localStorage), so every select reads
 * them afresh: after a change in the dictionary page (only `categories`, or all of them).
 */
export async function forgetDicts(queryClient: QueryClient, categories?: readonly string[]): Promise<void> {
  if (categories) categories.forEach((category) => removeStored(dictStorageKey(category)));
  else {
    try {
      const prefix = storageKey(dictStorageKey(''));
      const keys: string[] = [];
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i);
        if (key?.startsWith(prefix)) keys.push(key);
      }
      keys.forEach((key) => localStorage.removeItem(key));
    } catch {
      // storage disabled: nothing was stored
    }
  }
  await Promise.all(
    categories
      ? categories.map((category) => queryClient.invalidateQueries({ queryKey: dictKeys.category(category) }))
      : [queryClient.invalidateQueries({ queryKey: dictKeys.all })],
  );
}
