import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as partnerLinks from '@core/contracts/partner-links';
import { endpointAt, request } from '@/lib/api';
import { meQueryOptions } from '@/lib/me';

const acceptPartnerInvite = endpointAt<typeof partnerLinks.acceptPartnerInvite>('POST', '/api/partner/invites/accept');
const createPartnerInvite = endpointAt<typeof partnerLinks.createPartnerInvite>('POST', '/api/partner/invites');
const getOpenPartnerInvite = endpointAt<typeof partnerLinks.getOpenPartnerInvite>('GET', '/api/partner/invites/current');
const unlinkPartner = endpointAt<typeof partnerLinks.unlinkPartner>('POST', '/api/partner/unlink');

export type { PartnerInvite } from '@core/contracts/partner-links';

/** The invite link you made that is still open, so it survives a reload. */
export const currentInviteQueryOptions = queryOptions({
  queryKey: ['partner-invite', 'current'],
  queryFn: ({ signal }) => request(getOpenPartnerInvite, { signal }),
});

export const useCurrentInvite = (enabled: boolean) => useQuery({ ...currentInviteQueryOptions, enabled });

export function useGenerateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(createPartnerInvite),
    onSuccess: (invite) => queryClient.setQueryData(currentInviteQueryOptions.queryKey, { invite }),
  });
}

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => request(acceptPartnerInvite, { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}

export function useUnlinkPartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(unlinkPartner),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
