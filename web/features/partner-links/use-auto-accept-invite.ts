import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@core/messages';
import { errorMessage } from '@/lib/api';
import { useMe } from '@/lib/me';
import { clearInviteToken, pendingInviteToken } from '@/lib/pending-invite';
import { useAcceptInvite } from './api/partner-invites';
import { routes } from '@core/routes';

/**
 * An invite token in the URL or in local storage is accepted on arrival at /profile
 * (docs/product/partners.md#opening-a-link); the token is cleared on success or error and the address is cleaned to
 * /profile. A user who already has a partner is not sent through a refusal: the token is dropped and `alreadyLinkedWith`
 * names the partner, for the profile to say why they are here.
 */
export function useAutoAcceptInvite(): { accepting: boolean; alreadyLinkedWith: string | null } {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const me = useMe();
  const accept = useAcceptInvite();
  const started = useRef<string | null>(null);
  const token = params.get('invite') ?? pendingInviteToken();
  const partner = me.data?.partner?.username;
  // Kept past the token's clearing, so the profile still says why they are here once the address is cleaned. Set
  // while rendering (derived from the token and the partner), not from the effect.
  const [notice, setNotice] = useState<{ token: string; partner: string } | null>(null);
  if (token && partner && notice?.token !== token) setNotice({ token, partner });

  useEffect(() => {
    if (!token || !me.data || started.current === token) return;
    started.current = token;
    const done = () => {
      clearInviteToken();
      if (params.has('invite')) navigate(routes.profile, { replace: true });
    };
    if (partner) return done();
    accept.mutate(token, {
      onSuccess: ({ partner }) => toast.success(`You're now linked with ${partner.username}`, { description: 'Everything you play is shared from now on.' }),
      onError: (err) => {
        const message = errorMessage(err, messages.toastInvites.unexpected);
        const title = message.includes(messages.partner.inviteInvalid) ? messages.toastInvites.linkExpired : messages.toastInvites.errorAccepting;
        toast.error(title, { description: message });
      },
      onSettled: done,
    });
  }, [token, me.data, partner, accept, navigate, params]);

  return { accepting: accept.isPending, alreadyLinkedWith: notice?.partner ?? null };
}
