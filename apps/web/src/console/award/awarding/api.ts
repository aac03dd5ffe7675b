/** 授奖管理: the console's calls of the shared contract (`@dandelion/shared/award/awarding`). */
import { useQuery } from '@tanstack/react-query';
import type { CallData, CallInput } from '@dandelion/shared';
import { awardingCalls } from '@dandelion/shared/award/awarding';
import { call } from '../../../api/call';
import { downloadByGet, downloadByPost } from '../../../api/download';
import type { PageQuery } from '../../../components/PagedTable';

export type ClosingPreview = CallData<typeof awardingCalls.getPreview>;
export type PreviewRow = ClosingPreview['rows'][number];
export type HonourRow = CallData<typeof awardingCalls.getAwardPage>['list'][number];
export type AwardSearch = Omit<CallInput<typeof awardingCalls.getAwardPage>, 'pageParameter'>;

export const AWARD_LIST_TABLE_KEY = 'award:awarding';

export const awardingKeys = {
  preview: (editionId: string, prizeId?: string) => ['awarding-preview', editionId, prizeId ?? ''] as const,
};

export const awardingApi = {
  page: (query: PageQuery<AwardSearch>, signal: AbortSignal) => call(awardingCalls.getAwardPage, query, { signal }),
  close: (editionId: string) => call(awardingCalls.closeEdition, { editionId }, { silent: true }),
  /** Same filters as the list: what you see is what you export. */
  exportList: (search: AwardSearch) => downloadByPost(awardingCalls.export.path, search),
  certificate: (honourId: string, registrationNo: string | null) =>
    downloadByGet(awardingCalls.certificate.path, { params: { honourId }, filename: `证书-${registrationNo ?? honourId}.pdf` }),
};

export function useClosingPreview(editionId: string | undefined, prizeId: string | undefined) {
  return useQuery({
    queryKey: awardingKeys.preview(editionId ?? '', prizeId),
    queryFn: ({ signal }) => call(awardingCalls.getPreview, { editionId: editionId!, prizeId }, { signal, silent: true }),
    enabled: !!editionId,
  });
}
