import { useQuery } from '@tanstack/react-query';
import type * as partnerLinks from '@core/contracts/partner-links';
import { endpointAt, request } from '@/lib/api';

const getPartnerInviteInviter = endpointAt<typeof partnerLinks.getPartnerInviteInviter>('GET', '/api/partner/invites/inviter');

/** Whom to ask for a new link, asked only once the lookup has said the link no longer works. */
export const useInviteInviter = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: ['partner-invite', token, 'inviter'],
    queryFn: ({ signal }) => request(getPartnerInviteInviter, { query: { token }, signal }),
    enabled,
    retry: false,
  });
