import { queryOptions, useQuery } from '@tanstack/react-query';
import { lookupPartnerInvite } from '@core/contracts/partner-links';
import { request } from '@/lib/api';

export type { PartnerInviteLookup as InviteLookup } from '@core/contracts/partner-links';

export const inviteLookupQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['partner-invite', token],
    queryFn: ({ signal }) => request(lookupPartnerInvite, { query: { token }, signal }),
    retry: false,
  });

export const useInviteLookup = (token: string) => useQuery(inviteLookupQueryOptions(token));
