import { useQuery } from '@tanstack/react-query';
import { EDITION_PERMISSIONS } from '@dandelion/shared/award/edition';
import { PRIZE_PERMISSIONS } from '@dandelion/shared/award/prize';
import { useHasPermission } from '../../../api/consoleStore';
import { reviewApi } from './api';

/** 届次 and 奖种 options for the queue's filters, asked for only by those who may list them. */
export function useFilterOptions() {
  const mayListEditions = useHasPermission(EDITION_PERMISSIONS.list);
  const mayListPrizes = useHasPermission(PRIZE_PERMISSIONS.list);
  const editions = useQuery({ queryKey: ['review-edition-options'], queryFn: ({ signal }) => reviewApi.editionOptions(signal), enabled: mayListEditions, staleTime: 60_000 });
  const prizes = useQuery({ queryKey: ['review-prize-options'], queryFn: ({ signal }) => reviewApi.prizeOptions(signal), enabled: mayListPrizes, staleTime: 60_000 });
  return { editions: editions.data, prizes: prizes.data };
}
