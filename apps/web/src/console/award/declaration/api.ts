/** The prize office's declaration list (申报管理): the shared contract's office calls. */
import type { CallData, CallInput } from '@dandelion/shared';
import { officeDeclarationCalls } from '@dandelion/shared/award/declarationReview';
import { call } from '../../../api/call';
import { downloadByPost } from '../../../api/download';
import type { PageQuery } from '../../../components/PagedTable';

export type DeclarationRow = CallData<typeof officeDeclarationCalls.page>['list'][number];
export type DeclarationSearch = Omit<CallInput<typeof officeDeclarationCalls.page>, 'pageParameter'>;
export type StatusCount = CallData<typeof officeDeclarationCalls.counts>[number];

export const DECLARATION_TABLE_KEY = 'award:declaration';

export const declarationApi = {
  page: (query: PageQuery<DeclarationSearch>, signal: AbortSignal) => call(officeDeclarationCalls.page, query, { signal }),
  counts: (search: Pick<DeclarationSearch, 'editionId' | 'prizeId'>, signal?: AbortSignal) =>
    call(officeDeclarationCalls.counts, { editionId: search.editionId, prizeId: search.prizeId }, { signal }),
  /** Same filters as the list: what you see is what you export. */
  exportList: (search: DeclarationSearch) => downloadByPost(officeDeclarationCalls.exportList.path, search),
  exportCompleters: (search: DeclarationSearch) => downloadByPost(officeDeclarationCalls.exportCompleters.path, search),
};
