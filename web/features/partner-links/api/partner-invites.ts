import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptPartnerInvite, createPartnerInvite, getOpenPartnerInvite, unlinkPartner } from '@core/contracts/partner-links';
import { request } from '@/lib/api';
import { meQueryOptions } from '@/lib/me';

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
