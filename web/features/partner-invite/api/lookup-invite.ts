import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface InviteLookup {
  sender: { id: string; username: string };
  expiresAt: string;
}

export const inviteLookupQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['partner-invite', token],
    queryFn: ({ signal }) => api<InviteLookup>(`/api/partner/invites/lookup?token=${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });

export const useInviteLookup = (token: string) => useQuery(inviteLookupQueryOptions(token));
