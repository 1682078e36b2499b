import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as partnerLinks from '@core/contracts/partner-links';
import { endpointAt, request } from '@/lib/api';

const lookupPartnerInvite = endpointAt<typeof partnerLinks.lookupPartnerInvite>('GET', '/api/partner/invites/lookup');

export type { PartnerInviteLookup as InviteLookup } from '@core/contracts/partner-links';

export const inviteLookupQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['partner-invite', token],
    queryFn: ({ signal }) => request(lookupPartnerInvite, { query: { token }, signal }),
    retry: false,
  });

export const useInviteLookup = (token: string) => useQuery(inviteLookupQueryOptions(token));
