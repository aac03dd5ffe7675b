import { useQuery } from '@tanstack/react-query';
import { EDITION_PERMISSIONS, editionCalls } from '@dandelion/shared/award/edition';
import { PRIZE_PERMISSIONS, prizeCalls } from '@dandelion/shared/award/prize';
import { call } from '../api/call';
import { useHasPermission } from '../api/consoleStore';

/**
 * 届次 and 奖种 options for the filters of the declaration lists (the office's list and the review
 * queues), asked for only by those who may list them: anyone else simply gets no such filter.
 */
export function useAwardFilterOptions() {
  const mayListEditions = useHasPermission(EDITION_PERMISSIONS.list);
  const mayListPrizes = useHasPermission(PRIZE_PERMISSIONS.list);
  const editions = useQuery({
    queryKey: ['award-edition-options'],
    queryFn: async ({ signal }) => (await call(editionCalls.page, { pageParameter: { pageNum: 1, pageSize: 100 } }, { signal, silent: true })).list.map((e) => ({ value: e.editionId, label: e.editionName })),
    enabled: mayListEditions,
    staleTime: 60_000,
  });
  const prizes = useQuery({
    queryKey: ['award-prize-options'],
    queryFn: async ({ signal }) => (await call(prizeCalls.page, { pageParameter: { pageNum: 1, pageSize: 500 } }, { signal, silent: true })).list.map((p) => ({ value: p.prizeId, label: p.prizeName })),
    enabled: mayListPrizes,
    staleTime: 60_000,
  });
  return { editions: editions.data, prizes: prizes.data };
}
