import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const invitePartner = (sessionId: string) => api<{ invite: { id: string } }>('/api/session-invites', { body: { sessionId } });

/** Sends the linked partner an in-app invitation to this session (the bell and a live toast on their side). */
export const useInvitePartner = (sessionId: string) => useMutation({ mutationFn: () => invitePartner(sessionId) });
