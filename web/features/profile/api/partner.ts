import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { meQueryOptions } from '@/lib/session';

export interface PartnerInvite {
  token: string;
  url: string;
  expiresAt: string;
}

/** The invite link you made that is still open, so it survives a reload. */
export const currentInviteQueryOptions = queryOptions({
  queryKey: ['partner-invite', 'current'],
  queryFn: ({ signal }) => api<{ invite: PartnerInvite | null }>('/api/partner/invites/current', { signal }),
});

export const useCurrentInvite = (enabled: boolean) => useQuery({ ...currentInviteQueryOptions, enabled });

export function useGenerateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<PartnerInvite>('/api/partner/invites', { body: {} }),
    onSuccess: (invite) => queryClient.setQueryData(currentInviteQueryOptions.queryKey, { invite }),
  });
}

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api<{ partner: { id: string; username: string } }>('/api/partner/invites/accept', { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}

export function useUnlinkPartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ok: true }>('/api/partner/unlink', { body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
