import { useMe } from '@/lib/me';
import { PartnerSection } from './partner-section';
import { useAutoAcceptInvite } from './use-auto-accept-invite';

/** The profile's partner section with its data: the partner link, and an invite token brought along accepted on arrival. */
export function PartnerPanel() {
  const me = useMe();
  const { accepting, alreadyLinkedWith } = useAutoAcceptInvite();
  if (!me.data) return null;
  return (
    <PartnerSection me={me.data} onRefresh={() => void me.refetch()} refreshing={me.isFetching && !me.isPending} accepting={accepting} alreadyLinkedWith={alreadyLinkedWith} />
  );
}
