/** The calls every screen that shows a declaration makes: the whole declaration, its history, a withdrawal decision. */
import { useQuery } from '@tanstack/react-query';
import type { CallData } from '@dandelion/shared';
import { declareCalls } from '@dandelion/shared/award/declaration';
import { revocationCalls } from '@dandelion/shared/award/declarationReview';
import { call } from '../../api/call';

export type DeclarationDetail = CallData<typeof declareCalls.detail>;
export type DeclarationStep = CallData<typeof declareCalls.history>[number];

export const declarationKeys = {
  detail: (declarationId: string) => ['declaration', declarationId] as const,
  history: (declarationId: string) => ['declaration', declarationId, 'history'] as const,
};

export const fetchDeclaration = (declarationId: string, signal?: AbortSignal) => call(declareCalls.detail, { declarationId }, { signal, silent: true });

/** The declaration, loaded while `declarationId` is set. */
export function useDeclaration(declarationId: string | null | undefined) {
  return useQuery({
    queryKey: declarationKeys.detail(declarationId ?? ''),
    queryFn: ({ signal }) => fetchDeclaration(declarationId!, signal),
    enabled: !!declarationId,
  });
}

export function useDeclarationHistory(declarationId: string) {
  return useQuery({
    queryKey: declarationKeys.history(declarationId),
    queryFn: ({ signal }) => call(declareCalls.history, { declarationId }, { signal, silent: true }),
  });
}

export const decideRevocation = (declarationId: string, lockVersion: number, approve: boolean, opinion: string | undefined) =>
  call(revocationCalls.decide, { declarationId, lockVersion, approve, opinion: opinion || undefined }, { silent: true });
