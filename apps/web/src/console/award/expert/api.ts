/** The expert pool (专家库): the console's calls of the shared contract (`@dandelion/shared/award/expert`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { expertCalls } from '@dandelion/shared/award/expert';
import { call } from '../../../api/call';
import { downloadByPost } from '../../../api/download';
import { postJsonWithProgress } from '../../../api/upload';
import type { PageQuery } from '../../../components/PagedTable';

export type ExpertRow = CallData<typeof expertCalls.page>['list'][number];
export type ExpertDetail = CallData<typeof expertCalls.detail>;
export type ExpertHistoryLine = CallData<typeof expertCalls.history>[number];
export type ExpertSearch = Omit<CallInput<typeof expertCalls.page>, 'pageParameter'>;
export type ExpertValues = CallInput<typeof expertCalls.add>;
export type InviteValues = CallInput<typeof expertCalls.invite>;
export type InviteResult = CallData<typeof expertCalls.invite>;
export type ImportResult = CallData<typeof expertCalls.importList>;

export const EXPERT_TABLE_KEY = 'award:expert';

type Versioned = { expertId: string; lockVersion: number };

export const expertApi = {
  page: (query: PageQuery<ExpertSearch>, signal: AbortSignal) => call(expertCalls.page, query, { signal }),
  detail: (expertId: string, signal?: AbortSignal) => call(expertCalls.detail, { expertId }, { signal, silent: true }),
  add: (values: ExpertValues) => call(expertCalls.add, values, { silent: true }),
  update: (expertId: string, lockVersion: number, values: ExpertValues) => call(expertCalls.update, { ...values, expertId, lockVersion }, { silent: true }),
  audit: (ref: Versioned, approve: boolean, reason: string | null) => call(expertCalls.audit, { ...ref, approve, reason }, { silent: true }),
  suspend: (ref: Versioned, reason: string, until: string | null) => call(expertCalls.suspend, { ...ref, reason, until }, { silent: true }),
  resume: (ref: Versioned, reason: string | null) => call(expertCalls.resume, { ...ref, reason }, { silent: true }),
  blacklist: (ref: Versioned, reason: string, evidenceFileId: string | undefined, until: string | null) =>
    call(expertCalls.blacklist, { ...ref, reason, evidenceFileId, until }, { silent: true }),
  unblacklist: (ref: Versioned, reason: string) => call(expertCalls.unblacklist, { ...ref, reason }, { silent: true }),
  requestDeletion: (ref: Versioned, reason: string) => call(expertCalls.requestDeletion, { ...ref, reason }, { silent: true }),
  reviewDeletion: (ref: Versioned, approve: boolean, reason: string | null) => call(expertCalls.reviewDeletion, { ...ref, approve, reason }, { silent: true }),
  history: (expertId: string, signal?: AbortSignal) => call(expertCalls.history, { expertId }, { signal }),
  invite: (values: InviteValues) => call(expertCalls.invite, values, { silent: true }),
  /** Same filters as the list: what you see is what you export. */
  exportList: (search: ExpertSearch) => downloadByPost(expertCalls.exportList.path, search),
  importTemplate: () => downloadByPost(expertCalls.importTemplate.path, {}),
  /** `onProgress` follows the bytes sent; the answer comes once every row is checked and stored. */
  importList: (fileName: string, contentBase64: string, onProgress?: (percent: number) => void) =>
    postJsonWithProgress<ImportResult>(expertCalls.importList.path, { fileName, contentBase64 } satisfies CallInput<typeof expertCalls.importList>, {
      silent: true,
      timeoutMs: 120_000,
      onProgress,
    }),
};

