import { useMutation } from '@tanstack/react-query';
import { createSessionInvite } from '@core/contracts/session-invites';
import type { ResponseOf } from '@core/contracts/endpoint';
import { request } from '@/lib/api';

/** `resent`: the session's pending invitation was refreshed rather than a new one made ("Invitation sent again"). */
export type InvitePartnerResult = ResponseOf<typeof createSessionInvite>;

export const invitePartner = (sessionId: string) => request(createSessionInvite, { body: { sessionId } });

/** Sends the linked partner an in-app invitation to this session (the bell and a live toast on their side). */
export const useInvitePartner = (sessionId: string) => useMutation({ mutationFn: () => invitePartner(sessionId) });
