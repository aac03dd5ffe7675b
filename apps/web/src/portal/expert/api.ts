/**
 * The expert's own calls on the portal (contracts in `@dandelion/shared/award/expert`): the profile,
 * its submission, and the invitation a link carries. Query keys and types for the 专家信息 tab and
 * the invitation page.
 */
import { useQuery } from '@tanstack/react-query';
import type { CallData, CallInput } from '@dandelion/shared';
import { expertSelfCalls } from '@dandelion/shared/award/expert';
import { call } from '../../api/call';

export type MyExpertProfile = NonNullable<CallData<typeof expertSelfCalls.myProfile>>;
export type ExpertProfileBody = CallInput<typeof expertSelfCalls.saveMyProfile>;
export type ExpertInvitation = CallData<typeof expertSelfCalls.invitation>;

export const expertSelfKeys = {
  all: ['portal', 'expert'] as const,
  profile: () => [...expertSelfKeys.all, 'profile'] as const,
  invitation: (token: string) => [...expertSelfKeys.all, 'invitation', token] as const,
};

export const expertSelfApi = {
  myProfile: (signal?: AbortSignal) => call(expertSelfCalls.myProfile, {}, { signal }),
  /** Silent: the tab shows why (a stale version, a state that may not change) beside the form. */
  save: (body: ExpertProfileBody) => call(expertSelfCalls.saveMyProfile, body, { silent: true }),
  submit: (lockVersion: number) => call(expertSelfCalls.submitMyProfile, { lockVersion }, { silent: true }),
  /** Silent: the page itself says that a link is unknown, used or expired. */
  invitation: (token: string, signal?: AbortSignal) => call(expertSelfCalls.invitation, { token }, { signal, silent: true }),
  accept: (token: string) => call(expertSelfCalls.acceptInvitation, { token }, { silent: true }),
};

export function useMyExpertProfile() {
  return useQuery({ queryKey: expertSelfKeys.profile(), queryFn: ({ signal }) => expertSelfApi.myProfile(signal) });
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: expertSelfKeys.invitation(token),
    queryFn: ({ signal }) => expertSelfApi.invitation(token, signal),
    enabled: token !== '',
    // An unknown, used or expired link stays so; asking again only repeats the answer.
    retry: false,
  });
}
