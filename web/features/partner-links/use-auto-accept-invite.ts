import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@core/messages';
import { errorMessage } from '@/lib/api';
import { clearInviteToken, pendingInviteToken } from '@/lib/pending-invite';
import { useAcceptInvite } from './api/partner-invites';

/**
 * An invite token in the URL or in local storage is accepted on arrival at /profile
 * (docs/product/partners.md#opening-a-link); the token is cleared on success or error and the address is cleaned to
 * /profile.
 */
export function useAutoAcceptInvite() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const started = useRef<string | null>(null);
  const token = params.get('invite') ?? pendingInviteToken();

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    accept.mutate(token, {
      onSuccess: ({ partner }) => toast.success(`You're now linked with ${partner.username}`, { description: 'Everything you play is shared from now on.' }),
      onError: (err) => {
        const message = errorMessage(err, messages.toastInvites.unexpected);
        const title = message.includes(messages.partner.inviteInvalid) ? messages.toastInvites.linkExpired : messages.toastInvites.errorAccepting;
        toast.error(title, { description: message });
      },
      onSettled: () => {
        clearInviteToken();
        if (params.has('invite')) navigate('/profile', { replace: true });
      },
    });
  }, [token, accept, navigate, params]);

  return accept.isPending;
}
